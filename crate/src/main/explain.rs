//! `loopy [ring|graph|dag|tree] explain [INPUT] ...`: the facts the page's popup gives
//! for one state or vertex of a game given as in the judge formats, as text, or with
//! `--json` as the core's own facts object (the one the JS API's `explain` returns).
//!
//! Which state: `--game G --player P --position I` (ring; G and P default to 1),
//! `--query Q [--vertex V]` (format `goal`: the query's graph and goal, its start by
//! default), `[--instance K] [--vertex V]` (format `dag`: vertex 1 of instance 1 by
//! default, with its place in the optimal-play set from 1), `--vertex V` (tree).

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;

use loopy::explain::graph::{explain_vertex, GraphMove, VertexFacts};
use loopy::explain::{explain_state, RingMove, StateFacts};
use loopy::grundy::grundy;
use loopy::judge::check::why;
use loopy::judge::graph::{parse_dag, parse_goal};
use loopy::judge::tree::parse_tree;
use loopy::judge::{games_in, Layout};
use loopy::tree::TreeFacts;
use loopy::{solve_graph, Graph, Outcome};

use super::input::Input;
use super::Format;

/// Which state, as the options name it.
#[derive(Default)]
struct Which {
    game: Option<u64>,
    player: Option<u64>,
    position: Option<u64>,
    query: Option<u64>,
    instance: Option<u64>,
    vertex: Option<u64>,
}

struct Options {
    input: Input,
    which: Which,
    json: bool,
    layout: Layout,
}

fn options(args: Vec<OsString>, format: Format) -> Result<Options, ExitCode> {
    use lexopt::prelude::*;
    let mut o = Options {
        input: Input::Stdin,
        which: Which::default(),
        json: false,
        layout: Layout::Counted,
    };
    let mut file = false;
    let mut parser = lexopt::Parser::from_args(args);
    let allowed: &[&str] = match format {
        Format::Ring => &["game", "player", "position", "single"],
        Format::Goal => &["query", "vertex"],
        Format::Dag => &["instance", "vertex"],
        Format::Tree => &["vertex"],
    };
    loop {
        let arg = match parser.next() {
            Ok(None) => return Ok(o),
            Ok(Some(arg)) => arg,
            Err(e) => return Err(super::usage_error(&e.to_string())),
        };
        let result = match arg {
            Short('h') | Long("help") => return Err(super::print_usage()),
            Short('V') | Long("version") => return Err(super::print_version()),
            Long("json") => {
                o.json = true;
                Ok(())
            }
            Long(name) if allowed.contains(&name) => {
                let name = name.to_owned();
                if name == "single" {
                    o.layout = Layout::Single;
                    continue;
                }
                let w = &mut o.which;
                let slot = match name.as_str() {
                    "game" => &mut w.game,
                    "player" => &mut w.player,
                    "position" => &mut w.position,
                    "query" => &mut w.query,
                    "instance" => &mut w.instance,
                    _ => &mut w.vertex,
                };
                super::gen::number(&mut parser, &name).map(|v| *slot = Some(v))
            }
            Value(path) if !file => {
                file = true;
                o.input = Input::from_arg(path);
                Ok(())
            }
            other => Err(format!(
                "{} ({} explain takes {})",
                other.unexpected(),
                format.command(),
                allowed
                    .iter()
                    .map(|a| format!("--{a}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        };
        if let Err(e) = result {
            return Err(super::usage_error(&e));
        }
    }
}

pub fn explain(args: Vec<OsString>, format: Format) -> ExitCode {
    let o = match options(args, format) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let bytes = match o.input.read_all() {
        Ok(bytes) => bytes,
        Err(e) => return super::fail(&e),
    };
    let result = match format {
        Format::Ring => ring(&bytes, &o),
        Format::Goal => goal(&bytes, &o),
        Format::Dag => dag(&bytes, &o),
        Format::Tree => tree(&bytes, &o),
    };
    let text = match result {
        Ok(text) => text,
        Err(e) => return super::fail(&e),
    };
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::output_failed(e),
    }
}

/// The facts as one line of JSON.
fn json<T: serde::Serialize>(facts: &T) -> Result<String, String> {
    serde_json::to_string(facts)
        .map(|s| s + "\n")
        .map_err(|e| e.to_string())
}

/// `Win in 3`, `Lose in 0`, `Loop`.
fn value_words(outcome: Outcome, depth: u32, draw: &str) -> String {
    match outcome {
        Outcome::Loop => draw.into(),
        o => format!("{} in {depth}", o.as_str()),
    }
}

/// `3 moves`, `1 move`, with how many are listed when not all are.
fn count_words(listed: usize, count: u32, one: &str, many: &str) -> String {
    let all = why::plural(count as u64, one, many);
    if (count as usize) > listed {
        format!("{all}, the first {listed} listed")
    } else {
        all
    }
}

fn ring(bytes: &[u8], o: &Options) -> Result<String, String> {
    let w = &o.which;
    let g = w.game.unwrap_or(1);
    let player = w.player.unwrap_or(1);
    let Some(pos) = w.position else {
        return Err("ring explain needs --position I (and --game G, --player P)".into());
    };
    let mut found = None;
    for (k, game) in games_in(bytes, o.layout).enumerate() {
        let game = game.map_err(|e| e.to_string())?;
        if k as u64 + 1 == g {
            found = Some(game);
        }
    }
    let Some(game) = found else {
        return Err(format!("--game {g}: the input has no game {g}"));
    };
    let solution = loopy::solve(&game);
    let facts = explain_state(&solution, player, pos).map_err(|e| e.to_string())?;
    if o.json {
        return json(&facts);
    }
    Ok(ring_text(g, game.n(), &facts))
}

fn ring_text(g: u64, n: u32, f: &StateFacts) -> String {
    let mut s = format!(
        "game {g} (n = {n}): {} to move at position {}\nvalue: {}\nwhy: {}\n",
        f.player,
        f.pos,
        value_words(f.outcome, f.depth, "Loop"),
        why::state(f)
    );
    let _ = writeln!(s, "best move: step {}", f.best);
    let _ = writeln!(
        s,
        "moves ({}):",
        count_words(f.moves.len(), f.move_count, "move", "moves")
    );
    for m in &f.moves {
        let RingMove { step, to, hole, .. } = *m;
        let there = if hole {
            "the hole: a win at once".into()
        } else {
            format!("{} {}", f.opponent, value_words(m.outcome, m.depth, "Loop"))
        };
        let mark = if step == f.best {
            " (best)"
        } else if m.optimal {
            " (keeps the value)"
        } else {
            ""
        };
        let _ = writeln!(s, "  step {step} to {to}: {there}{mark}");
    }
    s
}

/// A vertex's facts as text: `head` first, then the value, the why, the moves.
fn vertex_text(head: &str, f: &VertexFacts, why_words: String) -> String {
    let mut s = format!(
        "{head}\nvalue: {}\nwhy: {why_words}\n",
        value_words(f.outcome, f.depth, "Draw")
    );
    if let Some(best) = f.best {
        let _ = writeln!(s, "best move: to {best}");
    }
    let _ = writeln!(
        s,
        "moves ({}):",
        count_words(f.moves.len(), f.move_count, "move", "moves")
    );
    for m in &f.moves {
        let GraphMove { to, .. } = *m;
        let mark = if Some(to) == f.best {
            " (best)"
        } else if m.optimal {
            " (keeps the value)"
        } else if m.winning {
            " (wins)"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "  to {to}: {}{mark}",
            value_words(m.outcome, m.depth, "Draw")
        );
    }
    s
}

fn goal(bytes: &[u8], o: &Options) -> Result<String, String> {
    let input = parse_goal(bytes).map_err(|e| e.to_string())?;
    let Some(q) = o.which.query else {
        return Err("graph explain needs --query Q (and --vertex V: the start by default)".into());
    };
    let Some(&(s, g)) = input.queries.get(q.wrapping_sub(1) as usize) else {
        return Err(format!(
            "--query {q}: the input has {}",
            why::plural(input.queries.len() as u64, "query", "queries")
        ));
    };
    let v = o.which.vertex.unwrap_or(s as u64);
    let graph = Graph::new(input.n as u64, &input.from, &input.to)
        .and_then(|graph| graph.with_goal(Some(g as u64)))
        .map_err(|e| e.to_string())?;
    let solution = solve_graph(graph);
    let facts = explain_vertex(&solution, None, None, v).map_err(|e| e.to_string())?;
    if o.json {
        return json(&facts);
    }
    let head = format!("query {q} (start {s}, goal {g}): the player to move at {v}");
    Ok(vertex_text(&head, &facts, why::value(&facts)))
}

fn dag(bytes: &[u8], o: &Options) -> Result<String, String> {
    let instances = parse_dag(bytes).map_err(|e| e.to_string())?;
    let k = o.which.instance.unwrap_or(1);
    let Some(inst) = instances.get(k.wrapping_sub(1) as usize) else {
        return Err(format!(
            "--instance {k}: the input has {}",
            why::plural(instances.len() as u64, "instance", "instances")
        ));
    };
    let v = o.which.vertex.unwrap_or(1);
    let graph = Graph::new(inst.n as u64, &inst.from, &inst.to).map_err(|e| e.to_string())?;
    let values = grundy(&graph);
    let solution = solve_graph(graph);
    let facts = explain_vertex(&solution, Some(&values), Some(1), v).map_err(|e| e.to_string())?;
    if o.json {
        return json(&facts);
    }
    let first = if inst.hero_first {
        "the hero moves first (f = 1)"
    } else {
        "the opponent moves first (f = 0)"
    };
    let head = format!("instance {k}, vertex {v} ({first}; the game starts at 1)");
    let mut s = vertex_text(&head, &facts, why::value(&facts));
    if let loopy::grundy::Gamma::Finite(gamma) = values.value(v as u32) {
        let _ = writeln!(s, "Sprague-Grundy value: {gamma}");
    }
    let _ = writeln!(s, "optimal-play set from 1: {}", why::membership(&facts));
    if v == 1 {
        let hero = (facts.outcome == Outcome::Win) == inst.hero_first;
        let _ = writeln!(
            s,
            "the hero {}",
            if hero {
                "wins (the answer's 1)"
            } else {
                "loses (the answer's 0)"
            }
        );
    }
    Ok(s)
}

fn tree(bytes: &[u8], o: &Options) -> Result<String, String> {
    let solution = parse_tree(bytes).map_err(|e| e.to_string())?.solve();
    let Some(v) = o.which.vertex else {
        return Err("tree explain needs --vertex V".into());
    };
    let facts = solution.explain(v).map_err(|e| e.to_string())?;
    if o.json {
        return json(&facts);
    }
    Ok(tree_text(&facts))
}

fn tree_text(f: &TreeFacts) -> String {
    let stones = |c: u64| why::plural(c, "stone", "stones");
    let mut s = format!(
        "vertex {} ({}): the piece starts here\nvalue: {} (for the first player)\nwhy: {}\n",
        f.v,
        stones(f.stones),
        f.outcome.as_str(),
        why::tree(f)
    );
    if let Some(best) = f.best {
        let _ = writeln!(s, "best move: to {best}");
    }
    let _ = writeln!(
        s,
        "moves to a neighbour with fewer stones ({}):",
        count_words(f.moves.len(), f.move_count, "move", "moves")
    );
    for m in &f.moves {
        let mark = if Some(m.to) == f.best {
            " (best)"
        } else if m.winning {
            " (wins)"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "  to {} ({}): {} for the opponent{mark}",
            m.to,
            stones(m.stones),
            m.outcome.as_str()
        );
    }
    let _ = writeln!(
        s,
        "moves answered by moving straight back ({}):",
        count_words(
            f.answered.len(),
            f.answered_count,
            "neighbour",
            "neighbours"
        )
    );
    for a in &f.answered {
        let _ = writeln!(s, "  to {} ({})", a.to, stones(a.stones));
    }
    s
}
