//! `loopy`: the judges on the command line. Reads a judge format on stdin and prints
//! the judge's exact answer; on bad input prints one line to stderr and exits 2.
//! `loopy` reads ring games, `loopy graph` format `goal`, `loopy dag` format `dag`.

use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

use loopy::judge::graph::{self as graph_judge, Format};

const USAGE: &str = "\
loopy: solve ring games and games on graphs in the judge formats

usage: loopy [--depth] < input     ring games
       loopy graph < input         format goal: queries on a graph with a goal
       loopy dag < input           format dag: the escape game with optimal paths

Reads T games from standard input (T; then per game: n; k1 and player 1's steps;
k2 and player 2's steps) and prints, per game, two lines of n-1 words (Win, Lose
or Loop): player 1 moving first from positions 1..n-1, then player 2 moving first.

options:
  --depth    after each game's two lines, print the two lines of depths
             (plies to the end under optimal play; '-' for Loop)
  -h, --help print this help

loopy graph reads n m q, m edges u v, then q queries s g, and prints per query
1 (the player to move from s wins), -1 (loses) or 0 (a draw), where moving onto
g wins. loopy dag reads instances n m f and m pairs x y (a move from the smaller
to the larger) until the end of the input, and prints per instance 1 or 0 (does
the hero win from vertex 1; f = 1: the hero moves first), then the vertices that
optimal play can visit, ascending. (shared/spec/graph-games.md has the details.)

On bad input, prints one line naming the game, line and token to stderr, nothing
to stdout, and exits with status 2.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("graph") => return graph_main(&args[1..], Format::Goal),
        Some("dag") => return graph_main(&args[1..], Format::Dag),
        // (The other format, a plain edge list, is the page's, not a judge's.)
        _ => {}
    }
    let mut depth = false;
    for arg in args {
        match arg.as_str() {
            "--depth" => depth = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("loopy: unknown argument {other:?} (try --help)");
                return ExitCode::from(2);
            }
        }
    }
    let mut input = Vec::new();
    if let Err(e) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("loopy: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    let games = match loopy::judge::parse(&input) {
        Ok(games) => games,
        Err(e) => {
            eprintln!("loopy: {e}");
            return ExitCode::from(2);
        }
    };
    drop(input);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match loopy::judge::write_answer(&games, depth, &mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`loopy < in | head`) is the reader's choice, not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("loopy: cannot write the answer: {e}");
            ExitCode::from(1)
        }
    }
}

/// `loopy graph` and `loopy dag`: the whole input checked, then every answer.
fn graph_main(args: &[String], format: Format) -> ExitCode {
    if let Some(arg) = args.first() {
        if arg == "-h" || arg == "--help" {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        eprintln!("loopy: unknown argument {arg:?} (try --help)");
        return ExitCode::from(2);
    }
    let mut input = Vec::new();
    if let Err(e) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("loopy: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    if format == Format::Dag {
        respond(graph_judge::parse_dag(&input), |instances, out| {
            graph_judge::write_dag(instances, out)
        })
    } else {
        respond(graph_judge::parse_goal(&input), |parsed, out| {
            graph_judge::write_goal(parsed, out)
        })
    }
}

/// Prints the error of a bad input (exit 2), or the answer that `write` gives.
fn respond<T>(
    parsed: Result<T, graph_judge::TextError>,
    write: impl FnOnce(&T, &mut BufWriter<io::StdoutLock<'static>>) -> io::Result<()>,
) -> ExitCode {
    let parsed = match parsed {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("loopy: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let written = write(&parsed, &mut out);
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("loopy: cannot write the answer: {e}");
            ExitCode::from(1)
        }
    }
}
