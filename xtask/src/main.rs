//! `cargo xtask`: the project's build, serve and test tasks, written in Rust so
//! that a machine with only cargo and node can run them (no make, no shell
//! scripts to keep portable). One module per subcommand; `util` holds the
//! shared helpers for running commands and finding paths.

mod bench;
mod build;
mod dist;
mod serve;
mod test;
mod util;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  build                  build the wasm crate and its JS bindings into www/pkg
  serve [--port P]       build, then serve www/ at http://127.0.0.1:P/ (default 8000)
  test [--skip-browser]  everything CI checks: fmt, clippy, native and wasm tests,
                         then the browser and cross-language tests under node
                         (--skip-browser stops after the wasm build; CI never uses it)
  dist                   build, then write target/dist/: the static site in a
                         versioned directory, and the element as an npm package
  bench [args...]        benchmarks
  help                   this text
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (cmd, rest) = match args.split_first() {
        Some((cmd, rest)) => (cmd.as_str(), rest),
        None => {
            eprint!("{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let result = match cmd {
        "build" => build::run(rest),
        "serve" => serve::run(rest),
        "test" => test::run(rest),
        "bench" => bench::run(rest),
        "dist" => dist::run(rest),
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
