//! The inputs `loopy stress` shrinks: each judge format as data, the smaller inputs one
//! step from it (a game, query, instance, edge, vertex or step fewer, a smaller `n`,
//! fewer stones), and its text. Every candidate is an input the judge accepts: the
//! shrinker keeps only those that still fail.

use loopy::judge::graph::{parse_dag, parse_goal};
use loopy::judge::tree::parse_tree;
use loopy::judge::{games_in, Layout};
use loopy::{RingGame, MAX_WORK};

/// A ring game: `n`, player 1's steps, player 2's.
type Game = (u64, Vec<u64>, Vec<u64>);
/// A `dag` instance: `n`, its pairs, `f`.
type Instance = (u64, Vec<(u64, u64)>, u64);

/// A judge input as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Case {
    /// Ring games `(n, s1, s2)`; `single`: one game without `T`.
    Ring { games: Vec<Game>, single: bool },
    /// Format `goal`: `n`, edges, queries.
    Goal {
        n: u64,
        edges: Vec<(u64, u64)>,
        queries: Vec<(u64, u64)>,
    },
    /// Format `dag`: instances `(n, pairs, f)`.
    Dag { instances: Vec<Instance> },
    /// The tree format: the stones of `1 ..= n`, and the edges.
    Tree {
        stones: Vec<u64>,
        edges: Vec<(u64, u64)>,
    },
}

fn join(words: impl IntoIterator<Item = u64>) -> String {
    words
        .into_iter()
        .map(|w| w.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Case {
    /// Reads a valid input of `format` (`single`: ring games without `T`).
    pub fn parse(format: super::Format, text: &[u8], single: bool) -> Option<Case> {
        use super::Format;
        let pairs = |from: &[u32], to: &[u32]| -> Vec<(u64, u64)> {
            from.iter()
                .zip(to)
                .map(|(&u, &v)| (u as u64, v as u64))
                .collect()
        };
        Some(match format {
            Format::Ring => {
                let layout = if single {
                    Layout::Single
                } else {
                    Layout::Counted
                };
                let mut games = Vec::new();
                for game in games_in(text, layout) {
                    let g = game.ok()?;
                    let steps = |p| g.steps(p).iter().map(|&x| x as u64).collect();
                    games.push((
                        g.n() as u64,
                        steps(loopy::Player::One),
                        steps(loopy::Player::Two),
                    ));
                }
                Case::Ring { games, single }
            }
            Format::Goal => {
                let g = parse_goal(text).ok()?;
                Case::Goal {
                    n: g.n as u64,
                    edges: pairs(&g.from, &g.to),
                    queries: g
                        .queries
                        .iter()
                        .map(|&(s, t)| (s as u64, t as u64))
                        .collect(),
                }
            }
            Format::Dag => Case::Dag {
                instances: parse_dag(text)
                    .ok()?
                    .iter()
                    .map(|i| (i.n as u64, pairs(&i.from, &i.to), i.hero_first as u64))
                    .collect(),
            },
            Format::Tree => {
                let t = parse_tree(text).ok()?;
                Case::Tree {
                    stones: (1..=t.n()).map(|v| t.stones(v)).collect(),
                    edges: t
                        .edges()
                        .iter()
                        .map(|&(u, v)| (u as u64, v as u64))
                        .collect(),
                }
            }
        })
    }

    /// The input's text, as the judge reads it.
    pub fn text(&self) -> String {
        let mut s = String::new();
        match self {
            Case::Ring { games, single } => {
                if !single {
                    s += &format!("{}\n", games.len());
                }
                for (n, s1, s2) in games {
                    s += &format!(
                        "{n}\n{} {}\n{} {}\n",
                        s1.len(),
                        join(s1.clone()),
                        s2.len(),
                        join(s2.clone())
                    );
                }
            }
            Case::Goal { n, edges, queries } => {
                s += &format!("{n} {} {}\n", edges.len(), queries.len());
                for (u, v) in edges.iter().chain(queries) {
                    s += &format!("{u} {v}\n");
                }
            }
            Case::Dag { instances } => {
                for (n, pairs, f) in instances {
                    s += &format!("{n} {} {f}\n", pairs.len());
                    for (u, v) in pairs {
                        s += &format!("{u} {v}\n");
                    }
                }
            }
            Case::Tree { stones, edges } => {
                s += &format!("{}\n{}\n", stones.len(), join(stones.clone()));
                for (u, v) in edges {
                    s += &format!("{u} {v}\n");
                }
            }
        }
        s
    }

    /// In words: `2 games, n up to 7`, `n = 5, 6 edges, 2 queries`, ...
    pub fn describe(&self) -> String {
        let p = loopy::judge::check::why::plural;
        match self {
            Case::Ring { games, .. } if games.is_empty() => "0 games".into(),
            Case::Ring { games, .. } => {
                let n = games.iter().map(|g| g.0).max().unwrap_or(0);
                let steps: usize = games.iter().map(|g| g.1.len() + g.2.len()).sum();
                format!(
                    "{}, n = {n}{}, {}",
                    p(games.len() as u64, "game", "games"),
                    if games.len() > 1 { " at most" } else { "" },
                    p(steps as u64, "step", "steps")
                )
            }
            Case::Goal { n, edges, queries } => format!(
                "n = {n}, {}, {}",
                p(edges.len() as u64, "edge", "edges"),
                p(queries.len() as u64, "query", "queries")
            ),
            Case::Dag { instances } => {
                let n = instances.iter().map(|i| i.0).max().unwrap_or(0);
                let m: usize = instances.iter().map(|i| i.1.len()).sum();
                format!(
                    "{}, n = {n}{}, {}",
                    p(instances.len() as u64, "instance", "instances"),
                    if instances.len() > 1 { " at most" } else { "" },
                    p(m as u64, "edge", "edges")
                )
            }
            Case::Tree { stones, .. } => format!(
                "n = {}, stones up to {}",
                stones.len(),
                stones.iter().max().copied().unwrap_or(0)
            ),
        }
    }

    /// The inputs one step smaller, the biggest cuts first (half of the games, then one
    /// game, ...): what the shrinker tries, in order.
    pub fn smaller(&self) -> Vec<Case> {
        let mut out = Vec::new();
        match self {
            Case::Ring { games, single } => {
                let with = |games: Vec<Game>| Case::Ring {
                    games,
                    single: *single,
                };
                if !single {
                    for part in fewer(games) {
                        out.push(with(part));
                    }
                }
                for (k, (n, s1, s2)) in games.iter().enumerate() {
                    let mut put = |game: Game| {
                        let valid = !game.1.is_empty() && !game.2.is_empty();
                        let fits = valid
                            && RingGame::new(game.0, &game.1, &game.2)
                                .is_ok_and(|g| g.estimated_work() <= MAX_WORK);
                        if fits {
                            let mut games = games.clone();
                            games[k] = game;
                            out.push(with(games));
                        }
                    };
                    // A smaller ring, the smallest first: the steps that no longer fit
                    // dropped, or taken modulo the new size (a step of 0 dropped).
                    let mut sizes: Vec<u64> = (2..*n).take(64).collect();
                    sizes.extend([n / 2, n - 1].into_iter().filter(|&m| m >= 66));
                    for m in sizes {
                        let keep = |s: &Vec<u64>| s.iter().copied().filter(|&x| x < m).collect();
                        put((m, keep(s1), keep(s2)));
                        let modulo = |s: &Vec<u64>| {
                            let mut t: Vec<u64> =
                                s.iter().map(|&x| x % m).filter(|&x| x > 0).collect();
                            t.sort_unstable();
                            t.dedup();
                            t
                        };
                        put((m, modulo(s1), modulo(s2)));
                    }
                    for i in 0..s1.len() {
                        let mut t = s1.clone();
                        t.remove(i);
                        put((*n, t, s2.clone()));
                    }
                    for i in 0..s2.len() {
                        let mut t = s2.clone();
                        t.remove(i);
                        put((*n, s1.clone(), t));
                    }
                }
            }
            Case::Goal { n, edges, queries } => {
                for q in fewer(queries).into_iter().filter(|q| !q.is_empty()) {
                    out.push(Case::Goal {
                        n: *n,
                        edges: edges.clone(),
                        queries: q,
                    });
                }
                for e in fewer(edges) {
                    out.push(Case::Goal {
                        n: *n,
                        edges: e,
                        queries: queries.clone(),
                    });
                }
                // A vertex fewer: its edges and queries go, the vertices above it move down.
                for v in (1..=*n).rev() {
                    if *n < 3 {
                        break;
                    }
                    let down = |x: u64| if x > v { x - 1 } else { x };
                    let keep = |list: &[(u64, u64)]| -> Vec<(u64, u64)> {
                        list.iter()
                            .filter(|&&(a, b)| a != v && b != v)
                            .map(|&(a, b)| (down(a), down(b)))
                            .collect()
                    };
                    let q = keep(queries);
                    if !q.is_empty() {
                        out.push(Case::Goal {
                            n: n - 1,
                            edges: keep(edges),
                            queries: q,
                        });
                    }
                }
            }
            Case::Dag { instances } => {
                for part in fewer(instances).into_iter().filter(|p| !p.is_empty()) {
                    out.push(Case::Dag { instances: part });
                }
                for (k, (n, pairs, f)) in instances.iter().enumerate() {
                    let mut put = |inst| {
                        let mut instances = instances.clone();
                        instances[k] = inst;
                        out.push(Case::Dag { instances });
                    };
                    for p in fewer(pairs) {
                        put((*n, p, *f));
                    }
                    for v in (2..=*n).rev() {
                        let down = |x: u64| if x > v { x - 1 } else { x };
                        let p = pairs
                            .iter()
                            .filter(|&&(a, b)| a != v && b != v)
                            .map(|&(a, b)| (down(a), down(b)))
                            .collect();
                        put((n - 1, p, *f));
                    }
                }
            }
            Case::Tree { stones, edges } => {
                // A vertex fewer: an edge `u - v` contracted into `u` (so a leaf `v`
                // simply goes), `u` keeping its stones; the vertices above `v` move down.
                for &(a, b) in edges {
                    for (u, v) in [(a, b), (b, a)] {
                        let down = |x: u64| if x > v { x - 1 } else { x };
                        let mut s = stones.clone();
                        s.remove(v as usize - 1);
                        out.push(Case::Tree {
                            stones: s,
                            edges: edges
                                .iter()
                                .filter(|&&e| e != (a, b))
                                .map(|&(x, y)| {
                                    let x = if x == v { u } else { x };
                                    let y = if y == v { u } else { y };
                                    (down(x), down(y))
                                })
                                .collect(),
                        });
                    }
                }
                // Fewer stones: each count replaced by its rank (the answer depends on the
                // order only), then one stone off a vertex.
                let mut ranked: Vec<u64> = stones.clone();
                ranked.sort_unstable();
                ranked.dedup();
                let rank: Vec<u64> = stones
                    .iter()
                    .map(|s| ranked.binary_search(s).map_or(*s, |r| r as u64 + 1))
                    .collect();
                if rank != *stones {
                    out.push(Case::Tree {
                        stones: rank,
                        edges: edges.clone(),
                    });
                }
                for i in 0..stones.len() {
                    if stones[i] > 1 {
                        let mut s = stones.clone();
                        s[i] -= 1;
                        out.push(Case::Tree {
                            stones: s,
                            edges: edges.clone(),
                        });
                    }
                }
            }
        }
        out
    }
}

/// The list without half of it (each half), then without each one item.
fn fewer<T: Clone>(items: &[T]) -> Vec<Vec<T>> {
    let mut out = Vec::new();
    let len = items.len();
    if len >= 4 {
        out.push(items[len / 2..].to_vec());
        out.push(items[..len / 2].to_vec());
    }
    for i in 0..len {
        let mut v = items.to_vec();
        v.remove(i);
        out.push(v);
    }
    out
}
