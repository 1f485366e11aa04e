//! The `loopy` binary as a user runs it, for the tests of the CLI (cli.rs, check_cli.rs,
//! graph_cli.rs): arguments, the input on a pipe to its stdin, and what it printed and
//! how it exited.

use std::io::Write;
use std::process::{Command, ExitStatus, Stdio};

pub const LOOPY: &str = env!("CARGO_BIN_EXE_loopy");

/// What a run printed, and its exit code.
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Runs `loopy args` with `input` on its stdin.
pub fn loopy(args: &[&str], input: &[u8]) -> Output {
    run(loopy_cmd(args), input)
}

/// `loopy` with its stdout and stderr piped to the test.
pub fn loopy_cmd(args: &[&str]) -> Command {
    let mut cmd = Command::new(LOOPY);
    cmd.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    cmd
}

/// Runs `cmd` with `input` on a pipe to its stdin, written from a thread of its own so
/// that a large input cannot deadlock against a large output. A command that exits before
/// reading all of it is judged by its output, not by the broken pipe.
pub fn run(mut cmd: Command, input: &[u8]) -> Output {
    let mut child = cmd.stdin(Stdio::piped()).spawn().expect("run loopy");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Output {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: exit_code(out.status),
    }
}

/// The exit status, or `128 + signal` as a shell shows it (134 for SIGABRT).
pub fn exit_code(status: ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    status
        .code()
        .unwrap_or_else(|| 128 + status.signal().unwrap_or(0))
}
