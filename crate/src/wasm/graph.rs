//! The JS bindings for games on graphs (built with the `graphs` feature: the page's
//! ring-only module leaves them out, to stay small). The same rules as in the parent
//! module: arguments checked before Rust reads them, errors with their field.

use wasm_bindgen::prelude::*;

use super::args::{
    amount, error, event_value, granularity, numbers, take_checked, type_error, type_name, whole,
};
use super::propagation::stepper_methods;

use crate::error::ArgError;
use crate::graph::solve::{GraphSearch, GraphSolution as CoreGraphSolution};
use crate::graph::{
    Field, Graph, GraphBuilder as CoreGraphBuilder, GraphError, BYTES_PER_EDGE, MAX_GRAPH_BYTES,
};
use crate::grundy::{Grundy, GrundySearch};
use crate::propagation::{Stepper, Timeline, MAX_BATCH};

#[wasm_bindgen(typescript_custom_section)]
const TS_GRAPH_TYPES: &str = r#"
/** Options of a game graph. */
export interface GraphOptions { goal?: number }
/** What `GraphSolution.counts()` answers. */
export interface GraphCounts { win: number; lose: number; draw: number; deadEnds: number }
/** The graph text formats of `parseGraph`. */
export type GraphFormat = "goal" | "dag" | "edges" | "tree";
/** One instance read by `parseGraph`; `from[i] -> to[i]` are its edges. */
export interface GraphInstance {
  format: GraphFormat;
  n: number;
  from: Uint32Array;
  to: Uint32Array;
  /** edges: the `goal g` line, if any. */
  goal?: number;
  /** edges: the `start s` line; dag: 1. */
  start?: number;
  /** goal: query k starts at `queryStarts[k]`, with the goal `queryGoals[k]`. */
  queryStarts?: Uint32Array;
  queryGoals?: Uint32Array;
  /** dag: true when the hero moves first (f = 1). */
  heroFirst?: boolean;
  /** tree: the stones on each vertex (entry 0 unused; decimal, as they may pass 2^53). */
  stones?: string[];
  /** tree: the tree's own edges `treeFrom[i] - treeTo[i]` (`from`/`to` are the moves the reduction keeps). */
  treeFrom?: Uint32Array;
  treeTo?: Uint32Array;
  /** tree: the tree's edges `tieFrom[i] - tieTo[i]` between equal stones: no move either way (a move there is answered by moving back). */
  tieFrom?: Uint32Array;
  tieTo?: Uint32Array;
}
"#;

#[wasm_bindgen(module = "/js/args.js")]
extern "C" {
    // See `crate/js/args.js`: `catch`, its errors come back as values.
    #[wasm_bindgen(catch, js_name = checkOption)]
    fn check_option(options: &JsValue, key: &str) -> Result<(), JsValue>;
}

fn graph_error(e: GraphError) -> JsValue {
    error(&e, e.field().as_str())
}

/// The arguments of a game graph `(n, from, to)` with `options.goal`, read and checked
/// as far as the graph's size: its edges and goal are checked as it is built.
fn graph_args(
    n: &JsValue,
    from: &JsValue,
    to: &JsValue,
    options: &JsValue,
) -> Result<(CoreGraphBuilder<'static>, Option<u64>), JsValue> {
    let n = whole(n, "n")?;
    // n first, before any edge is copied: edge errors only make sense for a valid n.
    Graph::check_size(n, 0).map_err(graph_error)?;
    let max_edges = MAX_GRAPH_BYTES / BYTES_PER_EDGE;
    let from = numbers(from, "from".into(), "from", max_edges)?;
    let to = numbers(to, "to".into(), "to", max_edges)?;
    let goal = goal_option(options)?;
    let builder = CoreGraphBuilder::new(n, from.into(), to.into()).map_err(graph_error)?;
    Ok((builder, goal))
}

/// `options.goal` of a game graph (checked as a vertex once the graph is built).
fn goal_option(options: &JsValue) -> Result<Option<u64>, JsValue> {
    if options.is_undefined() || options.is_null() {
        Ok(None)
    } else if options.is_object() {
        check_option(options, "goal")?;
        let goal = take_checked();
        (!goal.is_undefined())
            .then(|| whole(&goal, "goal"))
            .transpose()
    } else {
        Err(type_error(
            &ArgError::Options {
                kind: type_name(options),
            },
            "options",
        ))
    }
}

/// The game graph `(n, from, to)` with `options.goal`, built in one call.
#[cfg(feature = "graphs")]
fn graph(n: &JsValue, from: &JsValue, to: &JsValue, options: &JsValue) -> Result<Graph, JsValue> {
    let (builder, goal) = graph_args(n, from, to, options)?;
    let graph = builder.finish().map_err(graph_error)?;
    graph.with_goal(goal).map_err(graph_error)
}

/// Solves the game on the graph with vertices `1 ..= n` and edges `from[i] -> to[i]`
/// (`options.goal`: whoever moves onto it wins). Throws an `Error` with the reason and
/// its `field` (`"n"`, `"from"`, `"to"`, `"goal"`, `"options"`) on bad input. In the whole
/// module: the graph element's worker builds its graphs in steps (`GraphBuilder`).
#[cfg(feature = "graphs")]
#[wasm_bindgen(js_name = solveGraph)]
pub fn solve_graph(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Numbers")] from: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Numbers")] to: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "GraphOptions")] options: JsValue,
) -> Result<GraphSolution, JsValue> {
    let graph = graph(&n, &from, &to, &options)?;
    Ok(GraphSolution::new(crate::graph::solve::solve_graph(graph)))
}

/// Throws the error `solveGraph` would give a graph of `n` vertices and `m` edges for its
/// size alone (`field: "n"`): a caller that makes the edges itself (a random graph) asks
/// before it allocates them, and the limit stays the core's. In the whole module: the graph
/// element's worker draws its random graphs in the core (`randomGraph`, which checks it).
#[cfg(feature = "graphs")]
#[wasm_bindgen(js_name = checkGraphSize)]
pub fn check_graph_size(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] m: JsValue,
) -> Result<(), JsValue> {
    let n = whole(&n, "n")?;
    let m = whole(&m, "m")?;
    Graph::check_size(n, m).map(drop).map_err(graph_error)
}

/// The random graph of `n` vertices that a link names with `seed` (`?random=N&seed=S`, the
/// `random` and `seed` attributes): its `m = layout().graph.randomDegree · n` edges drawn
/// by the core's link generator ([`crate::graph::random`]), the same graph for the same
/// `n` and seed on every machine and in every version, as one array of `2m` entries:
/// `from` (the first `m`), then `to`. Throws the size error `solveGraph` would give it
/// (`field: "random"`) before any edge is drawn, and the argument's error (`field` `"n"`
/// or `"seed"`) for a number that is not a whole one.
#[wasm_bindgen(js_name = randomGraph)]
pub fn random_graph(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
) -> Result<Vec<u32>, JsValue> {
    let n = whole(&n, "n")?;
    let seed = whole(&seed, "seed")?;
    crate::graph::random::random_ends(n, seed).map_err(|e| error(&e, "random"))
}

/// A solved game graph. Arrays are indexed by vertex (entry 0 unused).
#[wasm_bindgen]
pub struct GraphSolution {
    inner: CoreGraphSolution,
    /// Computed on first use (at most O(m) per distinct value on graphs with cycles),
    /// in one go or in steps (`grundyAdvance`).
    grundy: Option<Grundy>,
    /// The computation under way when `grundyAdvance` has been called and not finished.
    search: Option<GrundySearch>,
}

impl GraphSolution {
    fn new(inner: CoreGraphSolution) -> GraphSolution {
        GraphSolution {
            inner,
            grundy: None,
            search: None,
        }
    }

    fn vertex(&self, v: &JsValue, field: Field) -> Result<u32, JsValue> {
        let v = whole(v, field.as_str())?;
        self.inner.graph().vertex(v, field).map_err(graph_error)
    }

    pub(super) fn grundy_values(&mut self) -> &Grundy {
        let graph = self.inner.graph();
        let search = &mut self.search;
        self.grundy
            .get_or_insert_with(|| search.take().unwrap_or_default().finish(graph))
    }

    /// The solved graph (for `wasm/explain.rs`).
    pub(super) fn core(&self) -> &CoreGraphSolution {
        &self.inner
    }

    /// The Sprague-Grundy values, if computed already.
    pub(super) fn known_grundy(&self) -> Option<&Grundy> {
        self.grundy.as_ref()
    }
}

#[wasm_bindgen]
impl GraphSolution {
    /// The number of vertices.
    #[cfg(feature = "graphs")]
    #[wasm_bindgen(getter)]
    pub fn n(&self) -> u32 {
        self.inner.n()
    }

    /// The goal vertex, if the game has one.
    #[cfg(feature = "graphs")]
    #[wasm_bindgen(getter)]
    pub fn goal(&self) -> Option<u32> {
        self.inner.graph().goal()
    }

    /// `Outcome` codes indexed by vertex (a draw is `Loop`).
    pub fn outcomes(&self) -> Vec<u8> {
        self.inner.outcomes().map(|o| o as u8).collect()
    }

    /// Depths indexed by vertex; 0 for the goal, vertices without moves and draws.
    pub fn depths(&self) -> Vec<u32> {
        self.inner.depths().collect()
    }

    /// How many vertices are Win, Lose and Draw, and how many are dead ends
    /// (`GraphCounts`): a page counts with these, never over the outcome codes.
    #[wasm_bindgen(unchecked_return_type = "GraphCounts")]
    pub fn counts(&self) -> Result<JsValue, JsValue> {
        super::args::serialize(&self.inner.counts())
    }

    /// The dead ends, ascending: the vertices other than the goal without a move (Lose in
    /// 0: the player there cannot move). The goal (`goal`) is the other end of a game.
    #[wasm_bindgen(js_name = deadEnds)]
    pub fn dead_ends(&self) -> Vec<u32> {
        self.inner.dead_ends()
    }

    /// How many vertices have each Sprague-Grundy value, `[value, vertices, value,
    /// vertices, ...]` by value ascending (`∞` as `layout().graph.grundyInfinite`, last);
    /// the values are computed first if they are not known yet (as `grundy()`). Both
    /// modules have it: a large graph's counts per SG value (graph/graph-large.js) are the
    /// core's, not a tally the page keeps.
    #[wasm_bindgen(js_name = grundyCounts)]
    pub fn grundy_counts(&mut self) -> Vec<u32> {
        self.grundy_values().counts().concat()
    }

    /// The optimal move from `v` (the vertex it reaches; ties: the smallest), 0 if none.
    #[cfg(feature = "graphs")]
    #[wasm_bindgen(js_name = bestMove)]
    pub fn best_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] v: JsValue,
    ) -> Result<u32, JsValue> {
        let v = self.vertex(&v, Field::Vertex)?;
        Ok(self.inner.best_move(v).unwrap_or(0))
    }

    /// `bestMove` for every vertex (0 where there is no move).
    #[wasm_bindgen(js_name = bestMoves)]
    pub fn best_moves(&self) -> Vec<u32> {
        self.inner.best_moves()
    }

    /// Every move of `v` ascending, 4 words each: `[succ, outcome, depth, 0]`; with
    /// `max`, the first `max` of them (a vertex may have millions). In the whole module: the
    /// graph element asks for a vertex's facts (`explain`), which list its moves.
    #[cfg(feature = "graphs")]
    pub fn moves(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] v: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] max: JsValue,
    ) -> Result<Vec<u32>, JsValue> {
        let v = self.vertex(&v, Field::Vertex)?;
        Ok(self.inner.first_moves(v, at_most(&max)?).concat())
    }

    /// The vertices `v` can move to, ascending, once each; with `max`, the first `max`.
    pub fn successors(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] v: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] max: JsValue,
    ) -> Result<Vec<u32>, JsValue> {
        let v = self.vertex(&v, Field::Vertex)?;
        Ok(self.inner.first_successors(v, at_most(&max)?))
    }

    /// The vertices with a move onto `v`, ascending, once each; with `max`, the first `max`.
    pub fn predecessors(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] v: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] max: JsValue,
    ) -> Result<Vec<u32>, JsValue> {
        let v = self.vertex(&v, Field::Vertex)?;
        Ok(self.inner.first_predecessors(v, at_most(&max)?))
    }

    /// The (generalised) Sprague-Grundy values by vertex: finite values as they are,
    /// `∞` as `layout().graph.grundyInfinite` (4294967295).
    pub fn grundy(&mut self) -> Vec<u32> {
        self.grundy_values().values().to_vec()
    }

    /// Computes the Sprague-Grundy values in steps: about `budget` units of work (a
    /// vertex or an edge visited; one call may do up to the vertices plus the edges
    /// more), then true once they are known, and `grundy()` answers at once. A caller
    /// that must answer a cancel meanwhile calls this in a loop; `grundy()` alone
    /// computes them in one go.
    #[wasm_bindgen(js_name = grundyAdvance)]
    pub fn grundy_advance(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<bool, JsValue> {
        let budget = amount(&budget, "budget")?;
        if self.grundy.is_some() {
            return Ok(true);
        }
        let graph = self.inner.graph();
        let search = self.search.get_or_insert_with(GrundySearch::new);
        if !search.advance(graph, budget) {
            return Ok(false);
        }
        self.grundy_values();
        Ok(true)
    }

    /// `K` (ascending) if `γ(v) = ∞(K)`, `undefined` if `γ(v)` is finite. In the whole module
    /// (the graph element has it in a vertex's facts).
    #[cfg(feature = "graphs")]
    #[wasm_bindgen(js_name = grundyInfinite)]
    pub fn grundy_infinite(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] v: JsValue,
    ) -> Result<Option<Vec<u32>>, JsValue> {
        let v = self.vertex(&v, Field::Vertex)?;
        Ok(self.grundy_values().infinite_set(v).map(<[u32]>::to_vec))
    }

    /// The vertices correct play can visit from `start`, ascending.
    #[wasm_bindgen(js_name = optimalSet)]
    pub fn optimal_set(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] start: JsValue,
    ) -> Result<Vec<u32>, JsValue> {
        let start = whole(&start, "start")?;
        self.inner.optimal_set(start).map_err(graph_error)
    }

    /// The moves correct play can make from `start`, as pairs `[from, to, from, to, ...]`
    /// ascending: the paths of optimal play.
    #[wasm_bindgen(js_name = optimalMoves)]
    pub fn optimal_moves(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] start: JsValue,
    ) -> Result<Vec<u32>, JsValue> {
        let start = whole(&start, "start")?;
        let moves = self.inner.optimal_moves(start).map_err(graph_error)?;
        Ok(moves.concat())
    }
}

/// A game graph read and built a budget of work at a time: on the largest graph the
/// memory limit admits, copying 33 million edges into wasm takes up to a second and
/// checking and sorting them both ways seconds more, so a worker hands the edges over in
/// chunks (`push`) and calls `advance`, answering Cancel between two calls. `solver()`
/// then hands the graph to its solve.
#[wasm_bindgen]
pub struct GraphBuilder {
    inner: Option<CoreGraphBuilder<'static>>,
    goal: Option<u64>,
}

#[wasm_bindgen]
impl GraphBuilder {
    /// Begins the graph of `n` vertices and `m` edges with `options.goal`: checks `n` and
    /// the graph's size (the errors `GraphSolver` gives for them) before any edge is
    /// given. The edges then come by `push`; they, their totals and the goal are checked
    /// by `advance` and `solver()`, with the same errors in the same order as
    /// `GraphSolver`'s one call on the whole arrays, wherever the chunks were cut.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] m: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "GraphOptions")] options: JsValue,
    ) -> Result<GraphBuilder, JsValue> {
        let n = whole(&n, "n")?;
        Graph::check_size(n, 0).map_err(graph_error)?;
        let m = whole(&m, "m")?;
        let goal = goal_option(&options)?;
        let builder = CoreGraphBuilder::begin(n, m).map_err(graph_error)?;
        Ok(GraphBuilder {
            inner: Some(builder),
            goal,
        })
    }

    /// The most entries `push` takes in each array (2^20): larger arrays go in chunks.
    #[wasm_bindgen(getter, js_name = pushMax)]
    pub fn push_max(&self) -> u32 {
        CoreGraphBuilder::MAX_PUSH as u32
    }

    /// The next entries of `from` and of `to` (each a chunk of at most `pushMax`
    /// entries, `Numbers`; the two arrays may be cut at different places): copied in,
    /// checked by `advance`. Throws the argument's error for a chunk that is not an array
    /// of numbers or is too long, and the graph's totals error for entries pushed after
    /// `advance` found the totals right.
    pub fn push(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] from: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] to: JsValue,
    ) -> Result<(), JsValue> {
        self.builder()?;
        let max = CoreGraphBuilder::MAX_PUSH as u64;
        let from = numbers(&from, "from".into(), "from", max)?;
        let to = numbers(&to, "to".into(), "to", max)?;
        self.builder()?.push(from, to).map_err(graph_error)
    }

    fn builder(&mut self) -> Result<&mut CoreGraphBuilder<'static>, JsValue> {
        self.inner
            .as_mut()
            .ok_or_else(|| error(&ArgError::SolverSpent, "solver"))
    }

    /// About `budget` units of work (an edge end checked or an edge sorted: nanoseconds
    /// each): true once the graph is built. The first call ends the pushes and checks
    /// their totals (`from` must have had `m` entries, `to` as many). Throws on a wrong
    /// total or an edge end that is not a vertex (`field` `"from"` or `"to"`), and again
    /// on every later call.
    pub fn advance(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<bool, JsValue> {
        let budget = amount(&budget, "budget")?.max(1);
        self.builder()?.advance(budget).map_err(graph_error)
    }

    /// The graph's solve (`GraphSolver`, at its start), building what is left first and
    /// checking the goal. Uses the builder up.
    pub fn solver(&mut self) -> Result<GraphSolver, JsValue> {
        self.builder()?;
        let graph = self.inner.take().expect("checked").finish();
        let graph = graph
            .and_then(|g| g.with_goal(self.goal))
            .map_err(graph_error)?;
        Ok(GraphSolver {
            inner: Some(GraphSearch::new(graph, true)),
        })
    }
}

/// A game graph's solve a budget of work at a time, as `Solver` for the ring: on the
/// largest graph the memory limit admits a whole solve takes seconds, and a worker
/// answers Cancel between two calls of `advance`. `propagation()` then retells it.
#[wasm_bindgen]
pub struct GraphSolver {
    inner: Option<GraphSearch>,
}

#[wasm_bindgen]
impl GraphSolver {
    /// The search of the graph `(n, from, to)` with `options.goal`, at its start (the
    /// graph is read and checked as `GraphPropagation`'s is). In the whole module: the graph
    /// element's worker builds its graphs in steps (`GraphBuilder.solver`).
    #[cfg(feature = "graphs")]
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] from: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] to: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "GraphOptions")] options: JsValue,
    ) -> Result<GraphSolver, JsValue> {
        let graph = graph(&n, &from, &to, &options)?;
        Ok(GraphSolver {
            inner: Some(GraphSearch::new(graph, true)),
        })
    }

    fn search(&mut self) -> Result<&mut GraphSearch, JsValue> {
        self.inner
            .as_mut()
            .ok_or_else(|| error(&ArgError::SolverSpent, "solver"))
    }

    /// About `budget` units of work (a vertex popped, an edge looked at: nanoseconds
    /// each): true once the search is over.
    pub fn advance(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<bool, JsValue> {
        let budget = amount(&budget, "budget")?.max(1);
        Ok(self.search()?.advance(budget))
    }

    /// Vertices resolved so far.
    #[wasm_bindgen(getter)]
    pub fn resolved(&mut self) -> Result<u32, JsValue> {
        Ok(self.search()?.resolved())
    }

    /// The graph's vertices.
    #[wasm_bindgen(getter, js_name = totalStates)]
    pub fn total_states(&mut self) -> Result<u32, JsValue> {
        Ok(self.search()?.total())
    }

    /// The solve retold (finishing the search first, if it is not over), at
    /// `granularity` (default `"events"`). Uses the solver up.
    pub fn propagation(
        &mut self,
        #[wasm_bindgen(js_name = granularity, unchecked_optional_param_type = "Granularity")]
        granularity_name: JsValue,
    ) -> Result<GraphPropagation, JsValue> {
        let g = granularity(&granularity_name)?;
        self.search()?;
        let (solution, trace) = self.inner.take().expect("checked").finish();
        let trace = trace.expect("traced");
        Ok(GraphPropagation {
            inner: Stepper::from_timeline(Timeline::from_trace(solution, trace), g),
        })
    }
}

/// A game graph's solve retold event by event: the same events and layouts as
/// `Propagation`, with states named by vertex (see docs/api.md).
#[wasm_bindgen]
pub struct GraphPropagation {
    inner: Stepper<CoreGraphSolution>,
}

stepper_methods!(GraphPropagation);

#[wasm_bindgen]
impl GraphPropagation {
    /// Starts the retold BFS of the graph `(n, from, to)` with `options.goal`;
    /// `granularity` defaults to `"events"`. In the whole module (the graph element's worker
    /// starts it from its solve: `GraphSolver.propagation`).
    #[cfg(feature = "graphs")]
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] from: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Numbers")] to: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "GraphOptions")] options: JsValue,
        #[wasm_bindgen(js_name = granularity, unchecked_optional_param_type = "Granularity")]
        granularity_name: JsValue,
    ) -> Result<GraphPropagation, JsValue> {
        let g = granularity(&granularity_name)?;
        let graph = graph(&n, &from, &to, &options)?;
        Ok(GraphPropagation {
            inner: Stepper::<CoreGraphSolution>::new(graph, g),
        })
    }

    /// The number of vertices.
    #[wasm_bindgen(getter)]
    pub fn n(&self) -> u32 {
        self.inner.solution().n()
    }

    /// The final answer, known from the start.
    pub fn solution(&self) -> GraphSolution {
        GraphSolution::new(self.inner.solution().clone())
    }
}

/// An optional count (`max` of `moves`, `successors`, `predecessors`): all when not given.
fn at_most(max: &JsValue) -> Result<usize, JsValue> {
    if max.is_undefined() {
        return Ok(usize::MAX);
    }
    Ok(amount(max, "max")?.min(usize::MAX as u64) as usize)
}
