//! The right answer, a line at a time, for each judge format: what the checker compares
//! the output with.
//!
//! Ring games are read from the input one at a time (the judges' streaming reader,
//! [`crate::judge::games`]) and each is solved only when the output reaches it, so the
//! checker holds one game; past the first difference (without `all`), or after the
//! output ends, the rest of the input is only read to see that it is valid. The graph
//! formats are one graph (`goal`) or a list of instances (`dag`), read whole as the
//! judges read them; a `dag` instance is solved when the output reaches it.

use std::io::BufRead;

use crate::explain::explain_state;
use crate::explain::graph::explain_vertex;
use crate::game::Player;
use crate::graph::query::Queries;
use crate::graph::solve::{solve_graph, GraphSolution};
use crate::graph::Graph;
use crate::judge::graph::{parse_dag, parse_goal, DagInstance, GoalInput};
use crate::judge::{games, Games};
use crate::solve::{Outcome, Solution, Solver};

use super::report::Why;

/// One line of the right answer.
#[derive(Clone, Copy, Debug)]
pub(super) enum Line {
    /// Ring: game `game`'s line for `player` moving first, `n - 1` words.
    Ring { game: u64, player: Player, n: u32 },
    /// Format `goal`: the answer to query `query`, which starts at `vertex`.
    Goal {
        query: u64,
        vertex: u32,
        outcome: Outcome,
    },
    /// Format `dag`: whether the hero wins instance `instance`.
    DagWin { instance: u64, hero_wins: bool },
    /// Format `dag`: the optimal-play set of instance `instance` (held by the source).
    DagSet { instance: u64 },
}

impl Line {
    /// How many words the line holds.
    pub(super) fn words(&self, source: &Source<impl BufRead>) -> u64 {
        match *self {
            Line::Ring { n, .. } => n as u64 - 1,
            Line::Goal { .. } | Line::DagWin { .. } => 1,
            Line::DagSet { .. } => source.set().len() as u64,
        }
    }
}

/// Why the input cannot be checked against: the judge's own error message.
pub(super) type BadInput = String;

enum Kind<R> {
    Ring {
        games: Games<R>,
        game: u64,
        /// The current game's solution, if it was solved.
        solution: Option<Solution>,
        /// The current game's n, and whether its player-2 line is still due.
        n: u32,
        second_due: bool,
    },
    Goal {
        input: GoalInput,
        graph: Graph,
        answers: Vec<Outcome>,
        next: usize,
        /// The graph solved for one goal, kept for the next why of the same goal.
        explained: Option<(u32, GraphSolution)>,
    },
    Dag {
        instances: Vec<DagInstance>,
        /// Instances begun (the current one is `begun`, 1-based).
        begun: usize,
        set_due: bool,
        /// The current instance's solution and optimal-play set, if it was solved.
        solved: Option<(GraphSolution, Vec<u32>)>,
    },
}

/// The right answer of an input, line by line.
pub(super) struct Source<R> {
    kind: Kind<R>,
}

/// The line of values of a ring game's solution.
pub(super) fn solve_ring(game: crate::game::RingGame) -> Solution {
    Solver::from_game(game, false).finish().0
}

impl<R: BufRead> Source<R> {
    pub(super) fn ring(input: R) -> Source<R> {
        Source {
            kind: Kind::Ring {
                games: games(input),
                game: 0,
                solution: None,
                n: 0,
                second_due: false,
            },
        }
    }

    pub(super) fn goal(input: &[u8]) -> Result<Source<R>, BadInput> {
        let input = parse_goal(input).map_err(|e| e.to_string())?;
        let graph =
            Graph::new(input.n as u64, &input.from, &input.to).map_err(|e| e.to_string())?;
        let queries: Vec<(u64, u64)> = input
            .queries
            .iter()
            .map(|&(s, g)| (s as u64, g as u64))
            .collect();
        let answers = Queries::new(&graph)
            .answer_all(&queries)
            .map_err(|e| e.to_string())?;
        Ok(Source {
            kind: Kind::Goal {
                input,
                graph,
                answers,
                next: 0,
                explained: None,
            },
        })
    }

    pub(super) fn dag(input: &[u8]) -> Result<Source<R>, BadInput> {
        let instances = parse_dag(input).map_err(|e| e.to_string())?;
        Ok(Source {
            kind: Kind::Dag {
                instances,
                begun: 0,
                set_due: false,
                solved: None,
            },
        })
    }

    /// How many games, queries or instances the answer covers so far, and their name.
    pub(super) fn units(&self) -> (u64, &'static str, &'static str) {
        match &self.kind {
            Kind::Ring { game, .. } => (*game, "game", "games"),
            Kind::Goal { next, .. } => (*next as u64, "query", "queries"),
            Kind::Dag { begun, .. } => (*begun as u64, "instance", "instances"),
        }
    }

    /// The next line of the answer, `None` after the last; with `solve`, its values are
    /// known (otherwise only its place is, and a ring game is read but not solved).
    pub(super) fn next_line(&mut self, solve: bool) -> Result<Option<Line>, BadInput> {
        match &mut self.kind {
            Kind::Ring {
                games,
                game,
                solution,
                n,
                second_due,
            } => {
                if *second_due {
                    *second_due = false;
                    return Ok(Some(Line::Ring {
                        game: *game,
                        player: Player::Two,
                        n: *n,
                    }));
                }
                *solution = None;
                match games.next() {
                    None => Ok(None),
                    Some(Err(e)) => Err(e.to_string()),
                    Some(Ok(g)) => {
                        *game += 1;
                        *n = g.n();
                        *second_due = true;
                        if solve {
                            *solution = Some(solve_ring(g));
                        }
                        Ok(Some(Line::Ring {
                            game: *game,
                            player: Player::One,
                            n: *n,
                        }))
                    }
                }
            }
            Kind::Goal {
                input,
                answers,
                next,
                ..
            } => {
                let Some(&outcome) = answers.get(*next) else {
                    return Ok(None);
                };
                *next += 1;
                Ok(Some(Line::Goal {
                    query: *next as u64,
                    vertex: input.queries[*next - 1].0,
                    outcome,
                }))
            }
            Kind::Dag {
                instances,
                begun,
                set_due,
                solved,
            } => {
                if *set_due {
                    *set_due = false;
                    return Ok(Some(Line::DagSet {
                        instance: *begun as u64,
                    }));
                }
                *solved = None;
                let Some(inst) = instances.get(*begun) else {
                    return Ok(None);
                };
                *begun += 1;
                *set_due = true;
                // The first mover's value is needed even to name the line: solve.
                let graph =
                    Graph::new(inst.n as u64, &inst.from, &inst.to).map_err(|e| e.to_string())?;
                let solution = solve_graph(graph);
                let first_wins = solution.outcome(1) == Outcome::Win;
                if solve {
                    let set = solution.optimal_set(1).map_err(|e| e.to_string())?;
                    *solved = Some((solution, set));
                }
                Ok(Some(Line::DagWin {
                    instance: *begun as u64,
                    hero_wins: first_wins == inst.hero_first,
                }))
            }
        }
    }

    /// The value of the current ring game at `(player, pos)` (the line was solved).
    #[inline]
    pub(super) fn ring_outcome(&self, player: Player, pos: u32) -> Outcome {
        match &self.kind {
            Kind::Ring {
                solution: Some(s), ..
            } => s.outcome(player, pos),
            _ => Outcome::Loop,
        }
    }

    /// The index of state `(player, pos)` of the current ring game in the JS API's
    /// per-state arrays (as `StateFacts.state`), if the game was solved: the page marks
    /// the state without computing an index itself.
    pub(super) fn ring_state(&self, player: Player, pos: u32) -> Option<u64> {
        match &self.kind {
            Kind::Ring {
                solution: Some(s), ..
            } if pos >= 1 && pos < s.n() => Some(s.game().state(player, pos) as u64),
            _ => None,
        }
    }

    /// The current `dag` instance's optimal-play set (empty if it was not solved).
    pub(super) fn set(&self) -> &[u32] {
        match &self.kind {
            Kind::Dag {
                solved: Some((_, set)),
                ..
            } => set,
            _ => &[],
        }
    }

    /// Why state `(player, pos)` of the current ring game has its value.
    pub(super) fn why_state(&self, player: Player, pos: u32) -> Option<Why> {
        match &self.kind {
            Kind::Ring {
                solution: Some(s), ..
            } => explain_state(s, player.number() as u64, pos as u64)
                .ok()
                .map(Why::State),
            _ => None,
        }
    }

    /// Why query `query`'s start has its value (the graph solved for its goal).
    pub(super) fn why_query(&mut self, query: u64) -> Option<Why> {
        let Kind::Goal {
            input,
            graph,
            explained,
            ..
        } = &mut self.kind
        else {
            return None;
        };
        let (s, g) = *input.queries.get(query.checked_sub(1)? as usize)?;
        if explained.as_ref().map(|(goal, _)| *goal) != Some(g) {
            let with_goal = graph.clone().with_goal(Some(g as u64)).ok()?;
            *explained = Some((g, solve_graph(with_goal)));
        }
        let (_, solution) = explained.as_ref()?;
        explain_vertex(solution, None, None, s as u64)
            .ok()
            .map(Why::Vertex)
    }

    /// Why vertex `v` of the current `dag` instance has its value (`start`: and why it
    /// is in the optimal-play set from vertex 1, or not).
    pub(super) fn why_vertex(&self, v: u64, membership: bool) -> Option<Why> {
        match &self.kind {
            Kind::Dag {
                solved: Some((solution, _)),
                ..
            } => explain_vertex(solution, None, membership.then_some(1), v)
                .ok()
                .map(Why::Vertex),
            _ => None,
        }
    }
}
