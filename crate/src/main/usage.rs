//! `loopy --help`: every command, with the limits of this build.

/// The help text.
pub fn usage() -> String {
    format!(
        "\
loopy: solve ring games and games on graphs in the judge formats

usage: loopy [ring] [--depth] [--single] [INPUT]   ring games
       loopy graph [INPUT]             format goal: queries on a graph with a goal
       loopy dag [INPUT]               format dag: the escape game with optimal paths
       loopy tree [INPUT]              AGC010F: stones on a tree
       loopy [FORMAT] check INPUT OUTPUT [--all] [--single]
                                       check an answer (testlib's exit codes)
       loopy [FORMAT] explain [INPUT] [--json] ...
                                       why one state or vertex has its value
       loopy gen [FORMAT] --seed S [--games T] [--n N] [--density D]
                 [--dag|--cycles] [--draws|--no-draws] [--single] [--stones S]
       loopy stress [FORMAT] [OPTIONS] SOLUTION [ARGS...]
                                       run a program against the judge, shrink a failure
       loopy --version | --help

FORMAT is ring (the default), graph, dag or tree. Each command reads INPUT, a file, or
standard input when there is none or it is -.

Ring games: T; then per game n; k1 and player 1's steps; k2 and player 2's steps (any
white space between tokens). The answer, per game: two lines of n-1 words (Win, Lose
or Loop): player 1 moving first from positions 1..n-1, then player 2 moving first.
  --depth    after each game's two lines, print the two lines of depths
             (plies to the end under optimal play; '-' for Loop)
  --single   one game without T (n, then the two step lines), as CF 786A gives it

loopy graph reads n m q, m edges u v, then q queries s g, and prints per query
1 (the player to move from s wins), -1 (loses) or 0 (a draw), where moving onto
g wins. loopy dag reads instances n m f and m pairs x y (a move from the smaller
to the larger) until the end of the input, and prints per instance 1 or 0 (does
the hero win from vertex 1; f = 1: the hero moves first), then the vertices that
optimal play can visit, ascending. loopy tree reads N, the stones A_1..A_N and N-1
edges, and prints the starts where the first player wins, ascending, on one line
(an empty line if none). (docs/formats.md in the repository has the details, and
docs/rules.md the rules, the tree's reduction to a game on a DAG among them.)

The whole input is checked before anything is printed. Limits: n <= {max_n}
(about {mb} MB of memory), and games whose estimated work is above {work} billion
units are refused (dense step sets make the work grow as n * min(|s|, n/64));
a graph or tree may use {graph_mb} MB (64 bytes per vertex, 16 per edge).

loopy check reads the answer OUTPUT (a file, or - for standard input) against
the right answer to INPUT, as a testlib checker does, and prints one verdict line:
'ok ...', 'wrong answer ...', 'presentation error ...' or 'bad input ...',
naming the first difference (game, player and position; query and vertex;
instance and vertex; the tree's vertex) with the expected and the found word and,
for a wrong value, why the right value is right. A line missing from the output
or one too many is named as such. --all lists every difference, one line each,
before the verdict line, which then counts them by kind. Exit status: 0 ok,
1 wrong answer, 2 presentation error, 3 bad INPUT, a bad argument or a file that
cannot be read (testlib's codes: the judges' own code for a bad input is 2).

loopy explain prints the facts behind one state's value (the page's popup), or
with --json the core's facts object: ring --position I [--game G] [--player P];
graph --query Q [--vertex V]; dag [--instance K] [--vertex V]; tree --vertex V.

loopy gen writes a random valid input to standard output; the same seed gives
the same bytes everywhere. --games: games (ring, default 5), queries (graph,
default 5) or instances (dag, default 3); --n: the largest n (each n is drawn
from 2, or 1 for dag and tree, up to it; default 12 for ring, 10 for graphs, 8 for
trees); --density: the chance of each step or edge (default 0.3); --dag: format
goal with edges only from a smaller vertex to a larger; --draws / --no-draws: only
inputs whose answer has a Loop (a draw) / has none; --single: one ring game without
T; --stones: the most stones on a tree's vertex (default 5).

loopy stress runs SOLUTION on the inputs gen writes for seeds --seed S (default 1)
on, --runs N of them (default 1000), each within --time-limit SECONDS (default 2),
and checks each output; at the first failure (a wrong answer, a presentation error,
a crash or the time limit) it shrinks the input to the smallest one it finds that
fails the same way, writes it to --out FILE (default stress-input.txt) and prints
it with the verdict, the right answer and the program's. The options of gen apply;
options come before SOLUTION, whose own arguments follow it. Exit status: 0 every
run passed, 1 one failed, 2 a bad argument.

exit status of the judges:
  0  the answer was printed (or the reader closed the pipe early)
  1  the answer could not be written (a full disk, say)
  2  bad input or arguments, unreadable input, or not enough memory; one line on
     stderr names the game, line and token, and nothing is printed",
        max_n = loopy::MAX_N,
        mb = (loopy::MAX_N as u64 * loopy::game::BYTES_PER_POSITION).div_ceil(1_000_000),
        work = loopy::MAX_WORK / 1_000_000_000,
        graph_mb = loopy::graph::MAX_GRAPH_BYTES >> 20,
    )
}
