//! Helpers shared by the subcommands: where things are, and running commands so
//! that a failure says which command failed and how, not just "exit 1".

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};

/// Errors are plain messages: every one ends up printed to a person, and none
/// is ever matched on.
pub type Result<T = ()> = std::result::Result<T, String>;

/// The workspace root: xtask's parent directory. Taken from the environment
/// that `cargo run` sets, falling back to the path baked in at compile time so
/// the binary also works when run directly.
pub fn root() -> PathBuf {
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .filter(|d| d.join("Cargo.toml").is_file() && d.ends_with("xtask"))
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    manifest_dir
        .parent()
        .expect("xtask lives one level below the workspace root")
        .to_path_buf()
}

/// Cargo's target directory, honouring `CARGO_TARGET_DIR` (the test harness
/// hands the path of the release CLI to node, so it has to be right).
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR").filter(|d| !d.is_empty()) {
        Some(dir) => root().join(dir),
        None => root().join("target"),
    }
}

/// A `cargo` command run from the workspace root. Uses the cargo that launched
/// us (`$CARGO`) so that a toolchain picked by rustup stays the same one.
pub fn cargo() -> Command {
    let program = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(program);
    cmd.current_dir(root());
    cmd
}

/// Announces a step: one line, so a CI log reads as a list of what was done.
pub fn step(what: &str) {
    println!("==> {what}");
}

/// Prints `cmd` the way a person would type it (with the variables we set).
pub fn describe(cmd: &Command) -> String {
    let mut words = Vec::new();
    for (key, value) in cmd.get_envs() {
        if let Some(value) = value {
            words.push(format!("{}={}", key.to_string_lossy(), quote(value)));
        }
    }
    // `$CARGO` is a long toolchain path; the name alone reads better.
    let program = Path::new(cmd.get_program());
    if program.file_name() == Some(OsStr::new("cargo")) {
        words.push("cargo".into());
    } else {
        words.push(quote(program.as_os_str()));
    }
    words.extend(cmd.get_args().map(quote));
    words.join(" ")
}

fn quote(word: &OsStr) -> String {
    let s = word.to_string_lossy();
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        s.into_owned()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// Runs `cmd` with inherited stdio after printing it; a non-zero exit becomes
/// an error naming the command and its status.
pub fn run(cmd: &mut Command) -> Result {
    let shown = describe(cmd);
    println!("$ {shown}");
    let status = cmd
        .status()
        .map_err(|e| format!("could not start `{shown}`: {e}"))?;
    check(&shown, status)
}

/// Runs `cmd` quietly and returns its stdout (for probes such as `--version`).
pub fn output(cmd: &mut Command) -> Result<String> {
    let shown = describe(cmd);
    let out = cmd
        .output()
        .map_err(|e| format!("could not start `{shown}`: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "`{shown}` failed ({}):\n{}",
            exit_text(out.status),
            String::from_utf8_lossy(&out.stderr).trim_end()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn check(shown: &str, status: ExitStatus) -> Result {
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{shown}` failed ({})", exit_text(status)))
    }
}

fn exit_text(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(signal)) => format!("killed by signal {signal}"),
        _ => status.to_string(),
    }
}

/// Rejects any argument: for subcommands that take none, so a typo is not
/// silently ignored.
pub fn no_args(cmd: &str, args: &[String]) -> Result {
    match args.first() {
        None => Ok(()),
        Some(arg) => Err(format!(
            "`{cmd}` takes no argument, got `{arg}` (see `cargo xtask --help`)"
        )),
    }
}

/// The first of `candidates` that is an existing file.
pub fn first_file(candidates: impl IntoIterator<Item = PathBuf>) -> Option<PathBuf> {
    candidates.into_iter().find(|p| p.is_file())
}

/// Looks `name` up in `$PATH`, like a shell would.
pub fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    first_file(std::env::split_paths(&path).map(|dir| dir.join(name)))
}

/// The path as text for messages and environment variables.
pub fn show(path: &Path) -> String {
    path.display().to_string()
}
