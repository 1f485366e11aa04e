//! Helpers shared by the subcommands: where things are, and running commands so
//! that a failure says which command failed and how, not just "exit 1".

use std::ffi::{OsStr, OsString};
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

/// The options of a subcommand, through lexopt: `flags` are the `--name` options it
/// takes (each a bool); anything else is an error that names it and the usage.
pub fn flags<const N: usize>(
    args: Vec<OsString>,
    flags: [&str; N],
    usage: &str,
) -> Result<[bool; N]> {
    let mut set = [false; N];
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next().map_err(|e| format!("{e} (usage: {usage})"))? {
        match arg {
            lexopt::Arg::Long(name) if flags.contains(&name) => {
                set[flags.iter().position(|&f| f == name).expect("contained")] = true;
            }
            _ => return Err(format!("{} (usage: {usage})", arg.unexpected())),
        }
    }
    Ok(set)
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

/// The per-user cache of tools the project installs (`~/.cache/loopy`): installing
/// from source takes minutes, and every checkout of the project can share them.
pub fn cache_dir() -> Result<PathBuf> {
    let cache = match std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => match std::env::var_os("HOME").filter(|d| !d.is_empty()) {
            Some(home) => PathBuf::from(home).join(".cache"),
            None => {
                return Err(
                    "neither XDG_CACHE_HOME nor HOME is set: no place to cache tools".into(),
                )
            }
        },
    };
    Ok(cache.join("loopy"))
}

/// `cargo install krate --version =version` into the cache (`<cache>/krate-version`),
/// unless `ok` already holds for that directory; returns the directory. The install
/// goes to a scratch directory renamed into place at the end, so an interrupted
/// install never leaves a half-filled cache that looks complete. It runs outside the
/// workspace, so the workspace's .cargo/config.toml (wasm rustflags) cannot leak in.
pub fn cached_install(
    krate: &str,
    version: &str,
    locked: bool,
    ok: impl Fn(&Path) -> bool,
) -> Result<PathBuf> {
    let root = cache_dir()?.join(format!("{krate}-{version}"));
    step(&format!("checking {krate} {version} in {}", show(&root)));
    if ok(&root) {
        return Ok(root);
    }
    step(&format!(
        "installing {krate} {version} from source (takes a few minutes)"
    ));
    let parent = root.parent().expect("the cache path has a parent");
    std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", show(parent)))?;
    let scratch = parent.join(format!(".{krate}-{version}.partial-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let mut install = cargo();
    install
        .current_dir(parent)
        .args(["install", krate, "--version", &format!("={version}")])
        .arg("--root")
        .arg(&scratch);
    if locked {
        install.arg("--locked");
    }
    if let Err(e) = run(&mut install) {
        let _ = std::fs::remove_dir_all(&scratch);
        return Err(e);
    }
    if root.exists() {
        std::fs::remove_dir_all(&root)
            .map_err(|e| format!("cannot remove the stale {}: {e}", show(&root)))?;
    }
    std::fs::rename(&scratch, &root)
        .map_err(|e| format!("cannot move the install into {}: {e}", show(&root)))?;
    if !ok(&root) {
        return Err(format!(
            "{krate} was installed into {} but does not work as version {version}",
            show(&root)
        ));
    }
    Ok(root)
}

/// The phases of a long command, each timed: `run` announces a phase, runs it and keeps
/// its wall-clock seconds, the CPU seconds of the commands it ran and the machine's load
/// when it ended; `table` is the summary a person reads at the end (and CI's log keeps), so
/// that a slow run says where its time went, and whether the machine was busy with other
/// work meanwhile (a load above the core count) or the phase left cores idle (CPU seconds
/// well under the wall seconds times the cores).
#[derive(Default)]
pub struct Phases {
    done: Vec<Phase>,
}

struct Phase {
    name: String,
    secs: f64,
    /// CPU seconds (user and system) of the commands the phase ran and waited for, when
    /// the system says (Linux).
    cpu: Option<f64>,
    /// The 1-minute load average when the phase ended, when the system says.
    load: Option<f64>,
    ok: bool,
    /// Run inside the phase before it: not added to the total.
    beside: bool,
}

impl Phases {
    /// Runs `phase` as the phase called `name`, printing its time when it ends.
    pub fn run<T>(&mut self, name: &str, phase: impl FnOnce() -> Result<T>) -> Result<T> {
        println!("\n=== phase: {name}");
        let start = std::time::Instant::now();
        let cpu_before = children_cpu();
        let result = phase();
        let secs = start.elapsed().as_secs_f64();
        let cpu = children_cpu()
            .zip(cpu_before)
            .map(|(after, before)| after - before);
        println!(
            "=== phase: {name}: {} in {secs:.1} s",
            if result.is_ok() { "done" } else { "FAILED" }
        );
        self.done.push(Phase {
            name: name.to_owned(),
            secs,
            cpu,
            load: load_average(),
            ok: result.is_ok(),
            beside: false,
        });
        result
    }

    /// Records a step that ran beside the phase before (inside it, so its seconds are not
    /// added to the total): its own seconds; its CPU seconds are the phase's.
    pub fn beside(&mut self, name: &str, secs: f64, ok: bool) {
        self.done.push(Phase {
            name: format!("beside it: {name}"),
            secs,
            cpu: None,
            load: None,
            ok,
            beside: true,
        });
    }

    /// The phases run so far with their seconds, CPU seconds and load, and the total, as a
    /// Markdown table.
    pub fn table(&self) -> String {
        let mut s = String::from("| phase | seconds | CPU s | load |\n|---|---:|---:|---:|\n");
        let mut total = 0.0;
        let mut cpu_total = 0.0;
        let figure = |x: Option<f64>| x.map_or_else(|| "?".to_owned(), |x| format!("{x:.1}"));
        for p in &self.done {
            if !p.beside {
                total += p.secs;
                cpu_total += p.cpu.unwrap_or(0.0);
            }
            let mark = if p.ok { "" } else { " (failed)" };
            s += &format!(
                "| {}{mark} | {:.1} | {} | {} |\n",
                p.name,
                p.secs,
                figure(p.cpu),
                figure(p.load)
            );
        }
        s + &format!("| **total** | **{total:.1}** | **{cpu_total:.1}** | |\n")
    }
}

/// The CPU seconds (user and system) of this process's children that it has waited for:
/// fields 16 and 17 of /proc/self/stat, in clock ticks (USER_HZ, 100 on Linux). None
/// elsewhere.
fn children_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |k: usize| fields.get(k - 3)?.parse::<f64>().ok();
    Some((ticks(16)? + ticks(17)?) / 100.0)
}

/// The 1-minute load average (/proc/loadavg), or None where the system does not say.
pub fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_table_lists_each_phase_its_outcome_and_the_total() {
        let mut phases = Phases::default();
        assert_eq!(phases.run("one", || Ok(7)), Ok(7));
        assert!(phases.run::<()>("two", || Err("broke".into())).is_err());
        let table = phases.table();
        let rows: Vec<&str> = table.lines().collect();
        assert_eq!(rows.len(), 5, "{table}");
        assert!(rows[2].starts_with("| one | "), "{table}");
        assert!(rows[3].starts_with("| two (failed) | "), "{table}");
        phases.beside("three", 1.5, true);
        let table = phases.table();
        let rows: Vec<&str> = table.lines().collect();
        assert_eq!(rows.len(), 6, "{table}");
        assert!(
            rows[4].starts_with("| beside it: three | 1.5 | ? | ? |"),
            "{table}"
        );
        let total: f64 = phases
            .done
            .iter()
            .filter(|d| !d.beside)
            .map(|d| d.secs)
            .sum();
        assert!(
            rows[5].starts_with(&format!("| **total** | **{total:.1}** | ")),
            "{table}"
        );
    }
}
