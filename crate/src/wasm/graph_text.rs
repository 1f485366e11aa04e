//! The JS bindings for graph texts (the `graphs` feature, the whole module): a text read
//! into its games (`parseGraph`), the judge's answer to it (`graphAnswer`) and a tree's
//! why in its own terms (`treeFacts`). Apart from graph.rs's solver bindings because they
//! are the judge's formats, not a game: the graph element's module leaves them out.

use js_sys::{Object, Uint32Array};
use wasm_bindgen::prelude::*;

use super::args::{error, set, string, text_error};

use crate::error::ArgError;
use crate::judge::graph::{self as graph_text, Format, Parsed, TextError};

fn graph_text_error(e: TextError) -> JsValue {
    text_error(&e, e.line)
}

/// Parses a graph text: format `goal`, format `dag`, the tree format (AGC010F: read as the
/// DAG its stones reduce to, [`crate::tree`]), or a plain edge list (`u v` per line,
/// `goal g`, `start s`, `#` comments). `format` picks one; without it the text's
/// first line decides (see docs/api.md). Throws an `Error` naming the line and token
/// (`field: "text"`, `line`).
#[wasm_bindgen(js_name = parseGraph, unchecked_return_type = "GraphInstance[]")]
pub fn parse_graph(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "GraphFormat")] format: JsValue,
) -> Result<JsValue, JsValue> {
    let text = string(&text, "text")?;
    let format = if format.is_undefined() {
        None
    } else {
        let name = string(&format, "format")?;
        Some(Format::from_name(&name).ok_or_else(|| error(&ArgError::GraphFormat, "format"))?)
    };
    let parsed = graph_text::parse_any(text.as_bytes(), format).map_err(graph_text_error)?;
    let instance = |format: Format, n: u32, from: &[u32], to: &[u32]| {
        let o: JsValue = Object::new().into();
        set(&o, "format", format.as_str());
        set(&o, "n", n);
        set(&o, "from", Uint32Array::from(from));
        set(&o, "to", Uint32Array::from(to));
        o
    };
    let out = js_sys::Array::new();
    match parsed {
        Parsed::Goal(g) => {
            let o = instance(Format::Goal, g.n, &g.from, &g.to);
            let (starts, goals): (Vec<u32>, Vec<u32>) = g.queries.iter().copied().unzip();
            set(&o, "queryStarts", Uint32Array::from(&starts[..]));
            set(&o, "queryGoals", Uint32Array::from(&goals[..]));
            out.push(&o);
        }
        Parsed::Dag(instances) => {
            for d in instances {
                let o = instance(Format::Dag, d.n, &d.from, &d.to);
                set(&o, "start", 1);
                set(&o, "heroFirst", d.hero_first);
                out.push(&o);
            }
        }
        Parsed::Edges(e) => {
            let o = instance(Format::Edges, e.n, &e.from, &e.to);
            if let Some(g) = e.goal {
                set(&o, "goal", g);
            }
            if let Some(s) = e.start {
                set(&o, "start", s);
            }
            out.push(&o);
        }
        Parsed::Tree(t) => {
            // The moves the reduction keeps (to a neighbour with fewer stones): the core's.
            let reduced = t.reduced();
            let (mut from, mut to) = (Vec::new(), Vec::new());
            for v in 1..=t.n() {
                for &u in reduced.successors(v) {
                    from.push(v);
                    to.push(u);
                }
            }
            let o = instance(Format::Tree, t.n(), &from, &to);
            let stones = js_sys::Array::new();
            stones.push(&JsValue::NULL);
            for v in 1..=t.n() {
                stones.push(&JsValue::from_str(&t.stones(v).to_string()));
            }
            set(&o, "stones", stones);
            let (ends_a, ends_b): (Vec<u32>, Vec<u32>) = t.edges().iter().copied().unzip();
            set(&o, "treeFrom", Uint32Array::from(&ends_a[..]));
            set(&o, "treeTo", Uint32Array::from(&ends_b[..]));
            let (tie_a, tie_b): (Vec<u32>, Vec<u32>) = t.ties().into_iter().unzip();
            set(&o, "tieFrom", Uint32Array::from(&tie_a[..]));
            set(&o, "tieTo", Uint32Array::from(&tie_b[..]));
            out.push(&o);
        }
    }
    Ok(out.into())
}

/// Why a piece on each vertex of a tree-format text has its value, in the tree's terms
/// (the core's `TreeFacts`: its stones, the moves the reduction keeps, those it drops, the
/// rule that decides it), indexed by vertex (entry 0 `null`): the graph page and
/// `<loopy-graph>` say a tree's why with them. Throws as `parseGraph` does on bad input.
#[wasm_bindgen(js_name = treeFacts, unchecked_return_type = "(object | null)[]")]
pub fn tree_facts(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsValue> {
    let text = string(&text, "text")?;
    let solution = crate::judge::tree::parse_tree(text.as_bytes())
        .map_err(graph_text_error)?
        .solve();
    let out = js_sys::Array::new();
    out.push(&JsValue::NULL);
    for v in 1..=solution.tree().n() {
        let facts = solution
            .explain(v as u64)
            .unwrap_or_else(|_| unreachable!("1 ..= n are the tree's vertices"));
        out.push(&super::args::serialize(&facts)?);
    }
    Ok(out.into())
}

/// The judge's whole answer to a graph text: exactly what `loopy graph` (`format`
/// `"goal"`: one line per query), `loopy dag` (`"dag"`: two lines per instance) or
/// `loopy tree` (`"tree"`: the winning starts on one line) prints for it. Throws as
/// `parseGraph` does on bad input; `field: "format"` for any
/// other format (a plain edge list has no judge answer).
#[wasm_bindgen(js_name = graphAnswer)]
pub fn graph_answer(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "\"goal\" | \"dag\" | \"tree\"")] format: JsValue,
) -> Result<String, JsValue> {
    let text = string(&text, "text")?;
    let answer = match Format::from_name(&string(&format, "format")?) {
        Some(Format::Goal) => graph_text::answer_goal(text.as_bytes()),
        Some(Format::Dag) => graph_text::answer_dag(text.as_bytes()),
        Some(Format::Tree) => crate::judge::tree::answer_tree(text.as_bytes()),
        _ => return Err(error(&ArgError::AnswerFormat, "format")),
    };
    answer.map_err(graph_text_error)
}
