//! The right answer, a line at a time, for each judge format: what the checker compares
//! the output with.
//!
//! Lines are numbered from 0 and made on demand, in order, into a small window: the
//! checker asks for the line the output has reached, and, to tell a dropped or an extra
//! line from a wrong one (`align.rs`), for a few lines past it. It lets go of the lines
//! it is done with ([`Source::release`]), so the window holds a few games at most.
//!
//! Ring games are read from the input one at a time (the judges' streaming reader,
//! [`crate::judge::games_in`]) and each is solved only when a line of it is made, so the
//! checker holds a few games; once the checker stops counting (past the first difference
//! without `all`, or after the output ends) the rest of the input is only read to see that
//! it is valid. The graph formats are one graph (`goal`), a list of instances (`dag`) or
//! one tree, read whole as the judges read them; a `dag` instance is solved when a line
//! of it is made.

use std::collections::VecDeque;
use std::io::BufRead;

use super::report::Why;
use super::summary::{Summary, SummaryBuilder};
use crate::explain::explain_state;
use crate::explain::graph::explain_vertex;
use crate::game::Player;
use crate::graph::query::Queries;
use crate::graph::solve::{solve_graph, GraphSolution};
use crate::graph::Graph;
use crate::judge::graph::{parse_dag, parse_goal, DagInstance, GoalInput};
use crate::judge::tree::parse_tree;
use crate::judge::{games_in, Games, Layout};
use crate::solve::{Outcome, Solution, Solver};
use crate::tree::TreeSolution;

/// One line of the right answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Line {
    /// Ring: game `game`'s line for `player` moving first, `n - 1` words.
    Ring { game: u64, player: Player, n: u32 },
    /// Format `goal`: the answer to query `query`, which starts at `vertex`.
    Goal {
        query: u64,
        vertex: u32,
        outcome: Outcome,
    },
    /// Format `dag`: whether the hero wins instance `instance` (`hero_first`: f = 1).
    DagWin {
        instance: u64,
        hero_wins: bool,
        hero_first: bool,
    },
    /// Format `dag`: the optimal-play set of instance `instance`.
    DagSet { instance: u64 },
    /// The tree format: the vertices where the first player wins.
    TreeSet,
}

impl Line {
    /// Whether the line is a set of vertices (compared as a set, not word by word).
    pub(super) fn is_set(&self) -> bool {
        matches!(self, Line::DagSet { .. } | Line::TreeSet)
    }
}

/// Why the input cannot be checked against: the judge's own error message.
pub(super) type BadInput = String;

/// A solved `dag` instance: its solution and its optimal-play set from vertex 1.
struct DagSolved {
    instance: u64,
    solution: GraphSolution,
    set: Vec<u32>,
}

enum Kind<R> {
    Ring {
        games: Games<R>,
        /// Games read so far.
        read: u64,
        /// The games of the window: number, n, and the solution if the checker still
        /// counted when they were read.
        solved: VecDeque<(u64, u32, Option<Solution>)>,
    },
    Goal {
        input: GoalInput,
        graph: Graph,
        answers: Vec<Outcome>,
        /// The graph solved for one goal, kept for the next why of the same goal.
        explained: Option<(u32, GraphSolution)>,
    },
    Dag {
        instances: Vec<DagInstance>,
        /// Instances begun.
        begun: usize,
        solved: VecDeque<DagSolved>,
    },
    Tree {
        solution: TreeSolution,
        winners: Vec<u32>,
    },
}

/// The right answer of an input, line by line.
pub(super) struct Source<R> {
    kind: Kind<R>,
    /// The window: lines `base ..` made so far.
    lines: VecDeque<Line>,
    base: u64,
    /// All the lines are made (the input is read to its end).
    done: bool,
    /// Whether lines made from now on are solved (false once the checker only reads the
    /// rest of the input to see that it is valid).
    pub(super) solve: bool,
}

/// The line of values of a ring game's solution.
fn solve_ring(game: crate::game::RingGame) -> Solution {
    Solver::from_game(game, false).finish().0
}

/// The words of a goal answer, by value.
pub(super) fn goal_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "1",
        Outcome::Lose => "-1",
        Outcome::Loop => "0",
    }
}

impl<R: BufRead> Source<R> {
    fn new(kind: Kind<R>) -> Source<R> {
        Source {
            kind,
            lines: VecDeque::new(),
            base: 0,
            done: false,
            solve: true,
        }
    }

    pub(super) fn ring(input: R, layout: Layout) -> Source<R> {
        Source::new(Kind::Ring {
            games: games_in(input, layout),
            read: 0,
            solved: VecDeque::new(),
        })
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
        Ok(Source::new(Kind::Goal {
            input,
            graph,
            answers,
            explained: None,
        }))
    }

    pub(super) fn dag(input: &[u8]) -> Result<Source<R>, BadInput> {
        let instances = parse_dag(input).map_err(|e| e.to_string())?;
        Ok(Source::new(Kind::Dag {
            instances,
            begun: 0,
            solved: VecDeque::new(),
        }))
    }

    pub(super) fn tree(input: &[u8]) -> Result<Source<R>, BadInput> {
        let solution = parse_tree(input).map_err(|e| e.to_string())?.solve();
        let winners = solution.winners();
        Ok(Source::new(Kind::Tree { solution, winners }))
    }

    /// How many games, queries or instances the lines up to `upto` (exclusive) cover,
    /// and their name.
    pub(super) fn units(&self, upto: u64) -> (u64, &'static str, &'static str) {
        match &self.kind {
            Kind::Ring { .. } => (upto.div_ceil(2), "game", "games"),
            Kind::Goal { .. } => (upto, "query", "queries"),
            Kind::Dag { .. } => (upto.div_ceil(2), "instance", "instances"),
            Kind::Tree { .. } => (1, "tree", "trees"),
        }
    }

    /// Line `index` of the answer, `None` past the last. Lines before the window's start
    /// are gone: asking for one is a bug of the caller.
    pub(super) fn line(&mut self, index: u64) -> Result<Option<Line>, BadInput> {
        debug_assert!(index >= self.base, "line {index} was released");
        while self.base + self.lines.len() as u64 <= index {
            match self.make()? {
                Some(line) => self.lines.push_back(line),
                None => return Ok(None),
            }
        }
        Ok(self.lines.get((index - self.base) as usize).copied())
    }

    /// Lets go of the lines before `index` (and of the games no line of the window needs).
    pub(super) fn release(&mut self, index: u64) {
        while self.base < index && !self.lines.is_empty() {
            self.lines.pop_front();
            self.base += 1;
        }
        if self.lines.is_empty() {
            self.base = self.base.max(index);
        }
        // Line `i` of a ring or `dag` answer is of game (instance) `i / 2 + 1`: keep the
        // games from the window's first line on.
        let keep = self.base / 2 + 1;
        match &mut self.kind {
            Kind::Ring { solved, .. } => {
                while solved.front().is_some_and(|(g, _, _)| *g < keep) {
                    solved.pop_front();
                }
            }
            Kind::Dag { solved, .. } => {
                while solved.front().is_some_and(|d| d.instance < keep) {
                    solved.pop_front();
                }
            }
            _ => {}
        }
    }

    /// Reads the rest of the input (unsolved) to see that it is valid.
    pub(super) fn read_to_end(&mut self) -> Result<(), BadInput> {
        self.solve = false;
        self.base += self.lines.len() as u64;
        self.lines.clear();
        while !self.done {
            if self.make()?.is_some() {
                self.base += 1;
            }
            // Nothing of these lines is looked at: keep no game.
            match &mut self.kind {
                Kind::Ring { solved, .. } => {
                    while solved.len() > 1 {
                        solved.pop_front();
                    }
                }
                Kind::Dag { solved, .. } => solved.clear(),
                _ => {}
            }
        }
        Ok(())
    }

    /// The next line after the window.
    fn make(&mut self) -> Result<Option<Line>, BadInput> {
        if self.done {
            return Ok(None);
        }
        let index = self.base + self.lines.len() as u64;
        let solve = self.solve;
        let line = match &mut self.kind {
            Kind::Ring {
                games,
                read,
                solved,
            } => {
                if index % 2 == 1 {
                    let n = solved.back().map_or(0, |&(_, n, _)| n);
                    Some(Line::Ring {
                        game: *read,
                        player: Player::Two,
                        n,
                    })
                } else {
                    match games.next() {
                        None => None,
                        Some(Err(e)) => return Err(e.to_string()),
                        Some(Ok(g)) => {
                            *read += 1;
                            let n = g.n();
                            let solution = solve.then(|| solve_ring(g));
                            solved.push_back((*read, n, solution));
                            Some(Line::Ring {
                                game: *read,
                                player: Player::One,
                                n,
                            })
                        }
                    }
                }
            }
            Kind::Goal { input, answers, .. } => {
                answers.get(index as usize).map(|&outcome| Line::Goal {
                    query: index + 1,
                    vertex: input.queries[index as usize].0,
                    outcome,
                })
            }
            Kind::Dag {
                instances,
                begun,
                solved,
            } => {
                if index % 2 == 1 {
                    Some(Line::DagSet {
                        instance: *begun as u64,
                    })
                } else if let Some(inst) = instances.get(*begun) {
                    *begun += 1;
                    // The first mover's value is needed even to name the line: solve.
                    let graph = Graph::new(inst.n as u64, &inst.from, &inst.to)
                        .map_err(|e| e.to_string())?;
                    let solution = solve_graph(graph);
                    let first_wins = solution.outcome(1) == Outcome::Win;
                    let set = if solve {
                        solution.optimal_set(1).map_err(|e| e.to_string())?
                    } else {
                        Vec::new()
                    };
                    solved.push_back(DagSolved {
                        instance: *begun as u64,
                        solution,
                        set,
                    });
                    Some(Line::DagWin {
                        instance: *begun as u64,
                        hero_wins: first_wins == inst.hero_first,
                        hero_first: inst.hero_first,
                    })
                } else {
                    None
                }
            }
            Kind::Tree { .. } => (index == 0).then_some(Line::TreeSet),
        };
        self.done = line.is_none();
        Ok(line)
    }

    /// How many words `line` holds.
    pub(super) fn words(&self, line: &Line) -> u64 {
        match *line {
            Line::Ring { n, .. } => n as u64 - 1,
            Line::Goal { .. } | Line::DagWin { .. } => 1,
            Line::DagSet { .. } | Line::TreeSet => self.set(line).len() as u64,
        }
    }

    fn ring_solution(&self, game: u64) -> Option<&Solution> {
        match &self.kind {
            Kind::Ring { solved, .. } => solved
                .iter()
                .find(|(g, _, _)| *g == game)
                .and_then(|(_, _, s)| s.as_ref()),
            _ => None,
        }
    }

    fn dag_solved(&self, instance: u64) -> Option<&DagSolved> {
        match &self.kind {
            Kind::Dag { solved, .. } => solved.iter().find(|d| d.instance == instance),
            _ => None,
        }
    }

    /// The value at 0-based word `at` of a line of values.
    pub(super) fn value(&self, line: &Line, at: u64) -> Outcome {
        match *line {
            Line::Ring { game, player, .. } => self
                .ring_solution(game)
                .map_or(Outcome::Loop, |s| s.outcome(player, at as u32 + 1)),
            Line::Goal { outcome, .. } => outcome,
            Line::DagWin { hero_wins, .. } => {
                if hero_wins {
                    Outcome::Win
                } else {
                    Outcome::Lose
                }
            }
            Line::DagSet { .. } | Line::TreeSet => Outcome::Loop,
        }
    }

    /// The right word at 0-based `at` of `line`.
    pub(super) fn word(&self, line: &Line, at: u64) -> String {
        match *line {
            Line::Ring { .. } => self.value(line, at).as_str().into(),
            Line::Goal { outcome, .. } => goal_word(outcome).into(),
            Line::DagWin { hero_wins, .. } => if hero_wins { "1" } else { "0" }.into(),
            Line::DagSet { .. } | Line::TreeSet => self
                .set(line)
                .get(at as usize)
                .map_or_else(String::new, u32::to_string),
        }
    }

    /// The vertices of a set line (empty if it was not solved).
    pub(super) fn set(&self, line: &Line) -> &[u32] {
        match (*line, &self.kind) {
            (Line::DagSet { instance }, _) => self.dag_solved(instance).map_or(&[], |d| &d.set),
            (Line::TreeSet, Kind::Tree { winners, .. }) => winners,
            _ => &[],
        }
    }

    /// The line's words as the checker's line summaries have them (see `summary.rs`).
    pub(super) fn summary(&self, line: &Line) -> Summary {
        let mut s = SummaryBuilder::default();
        match *line {
            Line::Ring { game, player, n } => {
                if let Some(solution) = self.ring_solution(game) {
                    for pos in 1..n {
                        s.word(solution.outcome(player, pos).as_str().as_bytes());
                    }
                } else {
                    s.unknown();
                }
            }
            Line::Goal { outcome, .. } => s.word(goal_word(outcome).as_bytes()),
            Line::DagWin { hero_wins, .. } => s.number(hero_wins as u64),
            Line::DagSet { .. } | Line::TreeSet => {
                for &v in self.set(line) {
                    s.number(v as u64);
                }
            }
        }
        s.finish()
    }

    /// The index of state `(player, pos)` of a ring line's game in the JS API's
    /// per-state arrays (as `StateFacts.state`), if the game was solved: the page marks
    /// the state without computing an index itself.
    pub(super) fn ring_state(&self, line: &Line, pos: u32) -> Option<u64> {
        let Line::Ring { game, player, .. } = *line else {
            return None;
        };
        let s = self.ring_solution(game)?;
        (pos >= 1 && pos < s.n()).then(|| s.game().state(player, pos) as u64)
    }

    /// Why the value at 0-based word `at` of `line` is what it is.
    pub(super) fn why_value(&mut self, line: &Line, at: u64) -> Option<Why> {
        match *line {
            Line::Ring { game, player, .. } => {
                explain_state(self.ring_solution(game)?, player.number() as u64, at + 1)
                    .ok()
                    .map(Why::State)
            }
            Line::Goal { query, .. } => self.why_query(query),
            Line::DagWin { instance, .. } => self.why_vertex(line, 1, false, instance),
            Line::DagSet { .. } | Line::TreeSet => None,
        }
    }

    /// Why query `query`'s start has its value (the graph solved for its goal).
    fn why_query(&mut self, query: u64) -> Option<Why> {
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

    /// Why vertex `v` of a set line has its place: in a `dag` set, its value and why it
    /// is in the optimal-play set from vertex 1 or not (`membership`); in the tree's,
    /// why a piece there is a win or a loss for the first player.
    pub(super) fn why_vertex(
        &self,
        line: &Line,
        v: u64,
        membership: bool,
        instance: u64,
    ) -> Option<Why> {
        match (&self.kind, line) {
            (Kind::Tree { solution, .. }, _) => solution.explain(v).ok().map(Why::Tree),
            _ => explain_vertex(
                &self.dag_solved(instance)?.solution,
                None,
                membership.then_some(1),
                v,
            )
            .ok()
            .map(Why::Vertex),
        }
    }
}
