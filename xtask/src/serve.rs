//! `cargo xtask serve`: a small static file server for `www/`.
//!
//! Why our own rather than `python -m http.server` or an npm package: the
//! project promises only cargo and node on a CI machine; the MIME types must
//! be right (`WebAssembly.instantiateStreaming` refuses a `.wasm` that is not
//! `application/wasm`, and module scripts need a JavaScript type); and the
//! test harness wants the server in-process on an ephemeral port (`Server`)
//! so that parallel checkouts never fight over port 8000.
//!
//! Scope: GET and HEAD of files under one root, HTTP/1.1 with one request per
//! connection, a thread per connection. It is a development server bound to
//! 127.0.0.1, not a production one.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use crate::util::{self, Result};

const DEFAULT_PORT: u16 = 8000;

/// Longest request head we accept: a browser's GET is well under 8 KiB.
const MAX_HEAD_BYTES: u64 = 16 * 1024;

/// A client that opens a connection and says nothing must not pin a thread
/// forever; generous, since the machine may be slow.
const IO_TIMEOUT: Duration = Duration::from_secs(60);

pub fn run(args: &[String]) -> Result {
    let port = parse_port(args)?;
    // Claim the port before the build, so a busy port fails in a second, not
    // after a minute of compiling.
    let listener = bind(port).map_err(|e| {
        if e.kind() == io::ErrorKind::AddrInUse {
            format!("port {port} on 127.0.0.1 is already in use (another server running?); pick another with `cargo xtask serve --port P`")
        } else {
            format!("cannot listen on 127.0.0.1:{port}: {e}")
        }
    })?;
    crate::build::run(&[])?;
    let root = util::root().join("www");
    util::step(&format!("serving {}", util::show(&root)));
    let server = Server::serve(listener, root, true)
        .map_err(|e| format!("cannot start the server thread: {e}"))?;
    println!("Serving on {}  (Ctrl-C to stop)", server.url());
    server.wait();
    Ok(())
}

fn parse_port(args: &[String]) -> Result<u16> {
    let mut port = DEFAULT_PORT;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let value = if arg == "--port" || arg == "-p" {
            rest.next().ok_or("`--port` needs a number")?.as_str()
        } else if let Some(v) = arg.strip_prefix("--port=") {
            v
        } else {
            return Err(format!(
                "unknown argument `{arg}` (usage: cargo xtask serve [--port P])"
            ));
        };
        port = value
            .parse()
            .map_err(|_| format!("`{value}` is not a port number (0-65535)"))?;
    }
    Ok(port)
}

/// Listens on 127.0.0.1 only: this is a development server, not for the LAN.
pub fn bind(port: u16) -> io::Result<TcpListener> {
    TcpListener::bind(("127.0.0.1", port))
}

/// A running server; stops when `stop` is called or when dropped.
pub struct Server {
    addr: SocketAddr,
    stopping: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Binds 127.0.0.1:`port` (0 picks a free port) and serves `root` from a
    /// background thread. `log` prints one line per request.
    pub fn start(root: PathBuf, port: u16, log: bool) -> io::Result<Server> {
        Server::serve(bind(port)?, root, log)
    }

    /// Serves `root` on a listener from `bind`.
    pub fn serve(listener: TcpListener, root: PathBuf, log: bool) -> io::Result<Server> {
        let addr = listener.local_addr()?;
        let stopping = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stopping);
        let root = Arc::new(root);
        let thread = std::thread::Builder::new()
            .name("xtask-serve".into())
            .spawn(move || accept_loop(listener, root, flag, log))?;
        Ok(Server {
            addr,
            stopping,
            thread: Some(thread),
        })
    }

    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// The base URL, with the trailing slash.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port())
    }

    /// Blocks for as long as the server runs (for `serve`: until Ctrl-C).
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }

    /// Stops accepting connections; requests in flight finish on their own.
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        if let Some(thread) = self.thread.take() {
            self.stopping.store(true, Ordering::SeqCst);
            // `accept` has no timeout: wake it with a connection of our own.
            let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(5));
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shutdown();
    }
}

fn accept_loop(listener: TcpListener, root: Arc<PathBuf>, stopping: Arc<AtomicBool>, log: bool) {
    for conn in listener.incoming() {
        if stopping.load(Ordering::SeqCst) {
            break;
        }
        match conn {
            Ok(stream) => {
                let root = Arc::clone(&root);
                let spawned = std::thread::Builder::new()
                    .name("xtask-serve-conn".into())
                    .spawn(move || {
                        if let Err(e) = handle(stream, &root, log) {
                            if log {
                                eprintln!("serve: connection error: {e}");
                            }
                        }
                    });
                if let Err(e) = spawned {
                    eprintln!("serve: cannot start a thread: {e}");
                }
            }
            Err(e) => {
                eprintln!("serve: accept failed: {e}");
                // Out of file descriptors and the like: do not spin.
                std::thread::sleep(Duration::from_millis(100));
            }
        }
    }
}

/// What a request path maps to.
#[derive(Debug, PartialEq, Eq)]
pub enum Resolved {
    File(PathBuf),
    /// A directory asked for without its trailing slash: redirect, so that
    /// relative links in its index.html resolve against the directory.
    Redirect(String),
}

/// Why a request path maps to nothing.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum Refusal {
    BadRequest,
    Forbidden,
    NotFound,
}

impl Refusal {
    fn status(self) -> (u16, &'static str) {
        match self {
            Refusal::BadRequest => (400, "Bad Request"),
            Refusal::Forbidden => (403, "Forbidden"),
            Refusal::NotFound => (404, "Not Found"),
        }
    }
}

/// Decodes `%XX` escapes into bytes; a malformed escape is an error rather
/// than passed through, so no odd spelling can slip past the checks below.
pub fn percent_decode(s: &str) -> Option<Vec<u8>> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}

/// Maps a request target (`/a/b.js?x=1`) to a file under `root`.
///
/// The path is decoded first and checked after, segment by segment: `..`
/// anywhere is refused (even where it would stay inside the root, since no
/// page of ours needs it), and so are NUL and backslash. A file reached
/// through a symlink that leads out of the root is refused too.
pub fn resolve(root: &Path, target: &str) -> std::result::Result<Resolved, Refusal> {
    let path = target.split(['?', '#']).next().unwrap_or("");
    // Absolute-form targets (`GET http://host/path`) are legal HTTP/1.1.
    let path = match path.strip_prefix("http://") {
        Some(rest) => rest.find('/').map_or("/", |i| &rest[i..]),
        None => path,
    };
    if !path.starts_with('/') {
        return Err(Refusal::BadRequest);
    }
    let decoded = percent_decode(path).ok_or(Refusal::BadRequest)?;
    let decoded = String::from_utf8(decoded).map_err(|_| Refusal::BadRequest)?;
    if decoded.contains(['\0', '\\']) {
        return Err(Refusal::BadRequest);
    }
    let mut file = root.to_path_buf();
    for segment in decoded.split('/') {
        match segment {
            "" | "." => {}
            ".." => return Err(Refusal::Forbidden),
            name => file.push(name),
        }
    }
    if file.is_dir() {
        if !path.ends_with('/') {
            return Ok(Resolved::Redirect(format!("{path}/")));
        }
        file.push("index.html");
    }
    if !file.is_file() {
        return Err(Refusal::NotFound);
    }
    let inside = match (root.canonicalize(), file.canonicalize()) {
        (Ok(root), Ok(file)) => file.starts_with(root),
        _ => false,
    };
    if !inside {
        return Err(Refusal::Forbidden);
    }
    Ok(Resolved::File(file))
}

/// The Content-Type for a file name. `.wasm` must be `application/wasm` for
/// `WebAssembly.instantiateStreaming`; modules must have a JavaScript type or
/// the browser refuses to run them.
pub fn mime_for(path: &Path) -> &'static str {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    if name.ends_with(".d.ts") {
        return "text/plain; charset=utf-8";
    }
    let ext = name.rsplit_once('.').map_or("", |(_, ext)| ext);
    match ext {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "ts" | "txt" => "text/plain; charset=utf-8",
        "md" => "text/markdown; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Reads the request head; the body of a request we will refuse anyway is
/// left unread.
fn read_head(stream: &TcpStream) -> io::Result<Vec<String>> {
    let mut reader = BufReader::new(stream.take(MAX_HEAD_BYTES));
    let mut lines = Vec::new();
    loop {
        let mut line = Vec::new();
        if reader.read_until(b'\n', &mut line)? == 0 {
            break; // closed, or head too long: what we have is judged below
        }
        let text = String::from_utf8_lossy(&line).trim_end().to_string();
        if text.is_empty() {
            break;
        }
        lines.push(text);
    }
    Ok(lines)
}

/// One response, built before anything is written so it is logged once.
struct Response {
    code: u16,
    reason: &'static str,
    content_type: &'static str,
    extra: Vec<(&'static str, String)>,
    body: Vec<u8>,
}

impl Response {
    fn text(code: u16, reason: &'static str) -> Response {
        Response {
            code,
            reason,
            content_type: "text/plain; charset=utf-8",
            extra: Vec::new(),
            body: format!("{code} {reason}\n").into_bytes(),
        }
    }

    fn refused(refusal: Refusal) -> Response {
        let (code, reason) = refusal.status();
        Response::text(code, reason)
    }
}

fn handle(mut stream: TcpStream, root: &Path, log: bool) -> io::Result<()> {
    stream.set_read_timeout(Some(IO_TIMEOUT))?;
    stream.set_write_timeout(Some(IO_TIMEOUT))?;
    let head = read_head(&stream)?;
    let Some(request_line) = head.first() else {
        return Ok(()); // connected and closed without a word (our own wake-up)
    };
    let mut words = request_line.split_whitespace();
    let request = match (words.next(), words.next(), words.next()) {
        (Some(m), Some(t), Some(v)) if v.starts_with("HTTP/") => Some((m, t)),
        _ => None,
    };
    let head_only = request.is_some_and(|(method, _)| method == "HEAD");
    let response = match request {
        None => Response::refused(Refusal::BadRequest),
        Some((method, target)) => respond(root, method, target),
    };
    if log {
        let mut line = format!("{request_line} -> {}", response.code);
        if let Some((_, location)) = response.extra.iter().find(|(k, _)| *k == "Location") {
            line.push_str(&format!(" {location}"));
        }
        println!("{line}");
    }
    write_response(&mut stream, &response, head_only)
}

fn respond(root: &Path, method: &str, target: &str) -> Response {
    if method != "GET" && method != "HEAD" {
        let mut response = Response::text(405, "Method Not Allowed");
        response.extra.push(("Allow", "GET, HEAD".into()));
        return response;
    }
    match resolve(root, target) {
        Ok(Resolved::File(file)) => match std::fs::read(&file) {
            Ok(body) => Response {
                code: 200,
                reason: "OK",
                content_type: mime_for(&file),
                extra: Vec::new(),
                body,
            },
            // Vanished or unreadable between the check and the read.
            Err(_) => Response::refused(Refusal::NotFound),
        },
        Ok(Resolved::Redirect(location)) => {
            let mut response = Response::text(301, "Moved Permanently");
            response.extra.push(("Location", location));
            response
        }
        Err(refusal) => Response::refused(refusal),
    }
}

fn write_response(stream: &mut TcpStream, response: &Response, head_only: bool) -> io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\n\
         Content-Type: {}\r\n\
         Content-Length: {}\r\n\
         Cache-Control: no-cache\r\n\
         X-Content-Type-Options: nosniff\r\n\
         Connection: close\r\n",
        response.code,
        response.reason,
        response.content_type,
        response.body.len()
    );
    for (name, value) in &response.extra {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    if !head_only {
        stream.write_all(&response.body)?;
    }
    stream.flush()?;
    // Send FIN rather than letting the drop reset the connection.
    let _ = stream.shutdown(Shutdown::Write);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A throwaway directory under the system temp dir, removed on drop.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(tag: &str) -> TempDir {
            let dir = std::env::temp_dir().join(format!(
                "xtask-serve-{tag}-{}-{:?}",
                std::process::id(),
                std::thread::current().id()
            ));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(dir.join("www/sub")).unwrap();
            std::fs::write(dir.join("www/index.html"), "<p>home</p>").unwrap();
            std::fs::write(dir.join("www/app.js"), "export {}").unwrap();
            std::fs::write(dir.join("www/sub/index.html"), "<p>sub</p>").unwrap();
            std::fs::write(dir.join("www/sub/a b.wasm"), b"\0asm").unwrap();
            std::fs::write(dir.join("secret.txt"), "secret").unwrap();
            TempDir(dir)
        }
        fn www(&self) -> PathBuf {
            self.0.join("www")
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn get(port: u16, request: &str) -> (u16, String, Vec<u8>) {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        s.write_all(request.as_bytes()).unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).unwrap();
        let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        let head = String::from_utf8(raw[..split].to_vec()).unwrap();
        let body = raw[split + 4..].to_vec();
        let code = head.split(' ').nth(1).unwrap().parse().unwrap();
        (code, head, body)
    }

    #[test]
    fn mime_types() {
        let m = |n: &str| mime_for(Path::new(n));
        assert_eq!(m("index.html"), "text/html; charset=utf-8");
        assert_eq!(m("pkg/loopy.js"), "text/javascript; charset=utf-8");
        assert_eq!(m("x.mjs"), "text/javascript; charset=utf-8");
        assert_eq!(m("pkg/loopy_bg.wasm"), "application/wasm");
        assert_eq!(m("pkg/loopy.d.ts"), "text/plain; charset=utf-8");
        assert_eq!(m("style.CSS"), "text/css; charset=utf-8");
        assert_eq!(m("a.json"), "application/json");
        assert_eq!(m("a.svg"), "image/svg+xml");
        assert_eq!(m("a.png"), "image/png");
        assert_eq!(m("favicon.ico"), "image/x-icon");
        assert_eq!(m("notes.txt"), "text/plain; charset=utf-8");
        assert_eq!(m("README.md"), "text/markdown; charset=utf-8");
        assert_eq!(m("Makefile"), "application/octet-stream");
    }

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("/a%20b").unwrap(), b"/a b");
        assert_eq!(percent_decode("/%2e%2E").unwrap(), b"/..");
        assert_eq!(percent_decode("/%zz"), None);
        assert_eq!(percent_decode("/%2"), None);
    }

    #[test]
    fn resolves_files_and_directories() {
        let t = TempDir::new("resolve");
        let www = t.www();
        let file = |p: &str| Ok(Resolved::File(www.join(p)));
        assert_eq!(resolve(&www, "/"), file("index.html"));
        assert_eq!(resolve(&www, "/?x=1#frag"), file("index.html"));
        assert_eq!(resolve(&www, "/app.js?v=2"), file("app.js"));
        assert_eq!(resolve(&www, "/sub/"), file("sub/index.html"));
        assert_eq!(resolve(&www, "/sub/a%20b.wasm"), file("sub/a b.wasm"));
        assert_eq!(resolve(&www, "//app.js"), file("app.js"));
        assert_eq!(
            resolve(&www, "/sub"),
            Ok(Resolved::Redirect("/sub/".into()))
        );
        assert_eq!(resolve(&www, "/missing.js"), Err(Refusal::NotFound));
        assert_eq!(resolve(&www, "/sub/missing/"), Err(Refusal::NotFound));
    }

    #[test]
    fn rejects_traversal() {
        let t = TempDir::new("traversal");
        let www = t.www();
        for target in [
            "/../secret.txt",
            "/sub/../../secret.txt",
            "/%2e%2e/secret.txt",
            "/%2E%2E%2Fsecret.txt",
            "/sub/..",
        ] {
            assert_eq!(resolve(&www, target), Err(Refusal::Forbidden), "{target}");
        }
        for target in ["/..%5csecret.txt", "/a%00b", "/%zz", "/%ff", "app.js", "*"] {
            assert_eq!(resolve(&www, target), Err(Refusal::BadRequest), "{target}");
        }
    }

    #[test]
    fn serves_over_http() {
        let t = TempDir::new("http");
        let server = Server::start(t.www(), 0, false).unwrap();
        let port = server.port();
        assert!(server.url().starts_with("http://127.0.0.1:"));

        let (code, head, body) = get(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        assert_eq!(code, 200);
        assert!(
            head.contains("Content-Type: text/html; charset=utf-8"),
            "{head}"
        );
        assert!(head.contains("Cache-Control: no-cache"), "{head}");
        assert_eq!(body, b"<p>home</p>");

        let (code, head, body) = get(port, "HEAD /sub/a%20b.wasm HTTP/1.1\r\n\r\n");
        assert_eq!(code, 200);
        assert!(head.contains("Content-Type: application/wasm"), "{head}");
        assert!(head.contains("Content-Length: 4"), "{head}");
        assert!(body.is_empty());

        let (code, head, _) = get(port, "GET /sub HTTP/1.1\r\n\r\n");
        assert_eq!(code, 301);
        assert!(head.contains("Location: /sub/"), "{head}");

        assert_eq!(get(port, "GET /nope.js HTTP/1.1\r\n\r\n").0, 404);
        assert_eq!(get(port, "GET /../secret.txt HTTP/1.1\r\n\r\n").0, 403);
        assert_eq!(get(port, "GET /%2e%2e/secret.txt HTTP/1.1\r\n\r\n").0, 403);
        assert_eq!(
            get(port, "POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n").0,
            405
        );
        assert_eq!(get(port, "nonsense\r\n\r\n").0, 400);

        // Concurrent clients: one that stays silent must not block the others.
        let idle = TcpStream::connect(("127.0.0.1", port)).unwrap();
        let handles: Vec<_> = (0..8)
            .map(|_| std::thread::spawn(move || get(port, "GET /app.js HTTP/1.1\r\n\r\n").0))
            .collect();
        for h in handles {
            assert_eq!(h.join().unwrap(), 200);
        }
        drop(idle);
        server.stop();
    }

    #[test]
    fn busy_port_is_reported() {
        let t = TempDir::new("busy");
        let first = Server::start(t.www(), 0, false).unwrap();
        let err = Server::start(t.www(), first.port(), false).err().unwrap();
        assert_eq!(err.kind(), io::ErrorKind::AddrInUse);
    }

    #[test]
    fn port_arguments() {
        let args = |a: &[&str]| parse_port(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(args(&[]), Ok(8000));
        assert_eq!(args(&["--port", "9000"]), Ok(9000));
        assert_eq!(args(&["--port=0"]), Ok(0));
        assert!(args(&["--port"]).is_err());
        assert!(args(&["--port", "http"]).is_err());
        assert!(args(&["--bogus"]).is_err());
    }
}
