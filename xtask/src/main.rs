//! `cargo xtask`: the project's build, serve and test tasks, written in Rust so
//! that a machine with only cargo and node can run them (no make, no shell
//! scripts to keep portable). One module per subcommand; `util` holds the
//! shared helpers for running commands and finding paths, `tools` the tools the project
//! installs for itself. The modules depend one way only: test and bench use build, dist
//! and serve; dist and serve use build; all of them use tools and util.

mod bench;
mod build;
mod dist;
mod fuzz;
mod serve;
mod test;
mod third_party;
mod tools;
mod util;

use std::ffi::OsString;
use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  build                  build the wasm crate and its JS bindings into www/pkg
  serve [--port P] [--csp]
                         build, then serve www/ at http://127.0.0.1:P/ (default 8000);
                         --csp sends the strict Content-Security-Policy header on every
                         page (it is always sent under /csp/)
  test [--quick] [--skip-browser]
                         everything CI checks: fmt, clippy, native tests (the fuzz
                         corpus replayed), wasm tests, the wasm build, dist, Biome, then
                         the browser and cross-language tests under node, two files at a
                         time; prints each phase's time and a table at the end.
                         --quick: fmt, clippy, the Rust tests and the pure JS properties
                         (the inner loop); --skip-browser stops before npm and Chromium.
                         CI uses neither
  dist                   build, then write target/dist/: the static site in a
                         versioned directory, and the npm package loopy-games
                         (both elements and the solver)
  fuzz [SECS] [--keep] [TARGET...]
                         run each fuzz target (or those named) SECS seconds (default 60)
                         with cargo-fuzz on nightly; --keep merges what was found,
                         minimised, into fuzz/corpus/ to commit
  bench [--quick] [--no-browser]
                         benchmarks
  help                   this text
";

fn main() -> ExitCode {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args.is_empty() {
        eprint!("{USAGE}");
        return ExitCode::FAILURE;
    }
    let cmd = args.remove(0).to_string_lossy().into_owned();
    let result = match cmd.as_str() {
        "build" => build::run(args),
        "serve" => serve::run(args),
        "test" => test::run(args),
        "fuzz" => fuzz::run(args),
        "dist" => dist::run(args),
        "bench" => bench::run(args),
        "help" | "-h" | "--help" => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        other => {
            eprintln!("xtask: unknown command `{other}`\n");
            eprint!("{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask {cmd}: error: {e}");
            ExitCode::FAILURE
        }
    }
}
