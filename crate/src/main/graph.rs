//! The graph judges: `loopy graph` (format `goal`), `loopy dag` (format `dag`) and
//! `loopy tree` (AGC010F), each `[INPUT]`. A graph format is one graph and its queries,
//! or a list of instances, read whole: memory follows the graph.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use loopy::judge::graph as graph_judge;
use loopy::judge::tree as tree_judge;

use super::input::Input;
use super::Format;

/// `[INPUT]`, `--help`, `--version`: the options of every graph judge.
pub fn input_only(args: Vec<OsString>) -> Result<Input, ExitCode> {
    use lexopt::prelude::*;
    let mut input = None;
    let mut parser = lexopt::Parser::from_args(args);
    loop {
        match parser.next() {
            Ok(None) => return Ok(input.unwrap_or_default()),
            Ok(Some(Short('h') | Long("help"))) => return Err(super::print_usage()),
            Ok(Some(Short('V') | Long("version"))) => return Err(super::print_version()),
            Ok(Some(Value(path))) if input.is_none() => input = Some(Input::from_arg(path)),
            Ok(Some(arg)) => return Err(super::usage_error(&arg.unexpected().to_string())),
            Err(e) => return Err(super::usage_error(&e.to_string())),
        }
    }
}

pub fn judge(args: Vec<OsString>, format: Format) -> ExitCode {
    let input = match input_only(args) {
        Ok(input) => input,
        Err(code) => return code,
    };
    let bytes = match input.read_all() {
        Ok(bytes) => bytes,
        Err(e) => return super::fail(&e),
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let written = match format {
        Format::Dag => match graph_judge::parse_dag(&bytes) {
            Ok(instances) => graph_judge::write_dag(&instances, &mut out),
            Err(e) => return super::fail(&e.to_string()),
        },
        Format::Tree => match tree_judge::parse_tree(&bytes) {
            Ok(tree) => tree_judge::write_tree(&tree, &mut out),
            Err(e) => return super::fail(&e.to_string()),
        },
        _ => match graph_judge::parse_goal(&bytes) {
            Ok(parsed) => {
                drop(bytes);
                graph_judge::write_goal(&parsed, &mut out)
            }
            Err(e) => return super::fail(&e.to_string()),
        },
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => super::output_failed(e),
    }
}
