//! `cargo xtask serve`: the static file server for `www/`, on hyper.
//!
//! Why a server of our own rather than `python -m http.server` or an npm package: the
//! project promises only cargo and node on a CI machine; the MIME types must be right
//! (`WebAssembly.instantiateStreaming` refuses a `.wasm` that is not
//! `application/wasm`, and module scripts need a JavaScript type); and the test
//! harness wants the server in-process on an ephemeral port ([`Server`]) so that
//! parallel checkouts never fight over port 8000. hyper does the HTTP (on a
//! single-threaded tokio runtime in a background thread); this file maps paths to
//! files, refuses anything outside the root, and sets the headers.
//!
//! (Not tiny_http, tried first: its connection pool can leave a new keep-alive
//! connection queued behind idle ones when a browser opens several at once, and the
//! page then never finishes loading; it did so in the browser tests.)
//!
//! **Content-Security-Policy for the browser tests.** Everything under `/csp/` is
//! the root again, sent with the header `Content-Security-Policy: STRICT_CSP`: a test
//! loads `<url>csp/index.html` (the test task passes it as `LOOPY_CSP_URL`) and the
//! page, its worker and everything relative to them run under the strict policy, as
//! a site that sends the header would. `cargo xtask serve --csp` sends it everywhere.
//!
//! Scope: GET and HEAD of files under one root, on 127.0.0.1 only. A development
//! server, not a production one.

use std::convert::Infallible;
use std::io;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::HeaderValue;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::sync::oneshot;

use crate::util::{self, Result};

const DEFAULT_PORT: u16 = 8000;

/// The strict policy the pages must run under (issue 11): no inline script or
/// style, no eval but wasm compilation, workers and everything else from the site.
pub const STRICT_CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
     style-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'";

/// The path prefix under which every file is sent with [`STRICT_CSP`].
pub const CSP_PREFIX: &str = "/csp/";

pub fn run(args: Vec<std::ffi::OsString>) -> Result {
    let (port, csp_everywhere) = parse(args)?;
    // Claim the port before the build, so a busy port fails in a second, not
    // after a minute of compiling.
    let listener = bind(port).map_err(|e| {
        if e.kind() == io::ErrorKind::AddrInUse {
            format!("port {port} on 127.0.0.1 is already in use (another server running?); pick another with `cargo xtask serve --port P`")
        } else {
            format!("cannot listen on 127.0.0.1:{port}: {e}")
        }
    })?;
    crate::build::run(Vec::new())?;
    let root = util::root().join("www");
    util::step(&format!("serving {}", util::show(&root)));
    let options = Options {
        log: true,
        csp_everywhere,
    };
    let server = Server::serve(listener, root, options)
        .map_err(|e| format!("cannot start the server: {e}"))?;
    println!("Serving on {}  (Ctrl-C to stop)", server.url());
    println!("The same under the strict CSP: {}", server.csp_url());
    server.wait();
    Ok(())
}

/// `[--port P] [--csp]`: the port, and whether every response carries the CSP.
fn parse(args: Vec<std::ffi::OsString>) -> Result<(u16, bool)> {
    use lexopt::prelude::*;
    let usage = "usage: cargo xtask serve [--port P] [--csp]";
    let mut port = DEFAULT_PORT;
    let mut csp_everywhere = false;
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next().map_err(|e| format!("{e} ({usage})"))? {
        match arg {
            Short('p') | Long("port") => {
                let value = parser.value().map_err(|e| format!("{e} ({usage})"))?;
                port = value.parse().map_err(|_| {
                    format!(
                        "`{}` is not a port number (0-65535)",
                        value.to_string_lossy()
                    )
                })?;
            }
            Long("csp") => csp_everywhere = true,
            _ => return Err(format!("{} ({usage})", arg.unexpected())),
        }
    }
    Ok((port, csp_everywhere))
}

/// Listens on 127.0.0.1 only: this is a development server, not for the LAN.
pub fn bind(port: u16) -> io::Result<TcpListener> {
    TcpListener::bind(("127.0.0.1", port))
}

/// How a [`Server`] behaves.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Print one line per request.
    pub log: bool,
    /// Send [`STRICT_CSP`] with every response, not only under [`CSP_PREFIX`].
    pub csp_everywhere: bool,
}

/// A running server; stops when `stop` is called or when dropped.
pub struct Server {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Binds 127.0.0.1:`port` (0 picks a free port) and serves `root` from a background
    /// thread, with the strict CSP under `/csp/`. `log` prints one line per request.
    pub fn start(root: PathBuf, port: u16, log: bool) -> io::Result<Server> {
        let options = Options {
            log,
            ..Options::default()
        };
        Server::serve(bind(port)?, root, options)
    }

    /// Serves `root` on a listener from `bind`.
    pub fn serve(listener: TcpListener, root: PathBuf, options: Options) -> io::Result<Server> {
        let addr = listener.local_addr()?;
        listener.set_nonblocking(true)?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .build()?;
        let (stop, stopped) = oneshot::channel();
        let root = Arc::new(root);
        let thread = std::thread::Builder::new()
            .name("xtask-serve".into())
            .spawn(move || runtime.block_on(accept_loop(listener, root, options, stopped)))?;
        Ok(Server {
            addr,
            stop: Some(stop),
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

    /// The base URL of the same files under the strict CSP.
    pub fn csp_url(&self) -> String {
        format!("http://127.0.0.1:{}{CSP_PREFIX}", self.port())
    }

    /// Blocks for as long as the server runs (for `serve`: until Ctrl-C).
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }

    /// Stops serving: no new connection is accepted, and open ones are closed.
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Accepts connections until `stopped`, each served as its own task (keep-alive
/// connections wait on the socket, not on a thread).
async fn accept_loop(
    listener: TcpListener,
    root: Arc<PathBuf>,
    options: Options,
    mut stopped: oneshot::Receiver<()>,
) {
    let listener = match tokio::net::TcpListener::from_std(listener) {
        Ok(listener) => listener,
        Err(e) => return eprintln!("serve: cannot listen: {e}"),
    };
    loop {
        let stream = tokio::select! {
            _ = &mut stopped => return,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors and the like: do not spin.
                    eprintln!("serve: accept failed: {e}");
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        let root = Arc::clone(&root);
        let service = hyper::service::service_fn(move |request: Request<Incoming>| {
            let root = Arc::clone(&root);
            async move { Ok::<_, Infallible>(handle(&request, &root, options)) }
        });
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service);
            if let Err(e) = connection.await {
                if options.log {
                    eprintln!("serve: connection error: {e}");
                }
            }
        });
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

/// One response: status, content type, extra headers and body.
struct Reply {
    code: u16,
    content_type: &'static str,
    extra: Vec<(&'static str, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn text(code: u16, reason: &str) -> Reply {
        Reply {
            code,
            content_type: "text/plain; charset=utf-8",
            extra: Vec::new(),
            body: format!("{code} {reason}\n").into_bytes(),
        }
    }

    fn refused(refusal: Refusal) -> Reply {
        let (code, reason) = refusal.status();
        Reply::text(code, reason)
    }
}

/// What to send for `method target`, and whether it goes with the strict CSP.
fn respond(root: &Path, method: &Method, target: &str, csp_everywhere: bool) -> (Reply, bool) {
    if method != Method::GET && method != Method::HEAD {
        let mut reply = Reply::text(405, "Method Not Allowed");
        reply.extra.push(("Allow", "GET, HEAD".into()));
        return (reply, csp_everywhere);
    }
    // Under the prefix: the same files, with the policy (and redirects that stay there).
    let bare = CSP_PREFIX.trim_end_matches('/');
    let (target, prefix) = match target.strip_prefix(bare) {
        Some(rest) if rest.starts_with('/') => (rest, bare),
        // `/csp` alone names the directory: redirect, as for any directory.
        Some(rest) if rest.is_empty() || rest.starts_with('?') => {
            let mut reply = Reply::text(301, "Moved Permanently");
            reply
                .extra
                .push(("Location", format!("{CSP_PREFIX}{rest}")));
            return (reply, true);
        }
        _ => (target, ""),
    };
    let csp = csp_everywhere || !prefix.is_empty();
    let reply = match resolve(root, target) {
        Ok(Resolved::File(file)) => match std::fs::read(&file) {
            Ok(body) => Reply {
                code: 200,
                content_type: mime_for(&file),
                extra: Vec::new(),
                body,
            },
            // Vanished or unreadable between the check and the read.
            Err(_) => Reply::refused(Refusal::NotFound),
        },
        Ok(Resolved::Redirect(location)) => {
            let mut reply = Reply::text(301, "Moved Permanently");
            reply
                .extra
                .push(("Location", format!("{prefix}{location}")));
            reply
        }
        Err(refusal) => Reply::refused(refusal),
    };
    (reply, csp)
}

fn handle(request: &Request<Incoming>, root: &Path, options: Options) -> Response<Full<Bytes>> {
    let method = request.method();
    let target = request.uri().to_string();
    let (reply, csp) = respond(root, method, &target, options.csp_everywhere);
    if options.log {
        let mut line = format!("{method} {target} -> {}", reply.code);
        if let Some((_, location)) = reply.extra.iter().find(|(k, _)| *k == "Location") {
            line.push_str(&format!(" {location}"));
        }
        println!("{line}");
    }
    let mut response = Response::new(Full::new(Bytes::from(reply.body)));
    *response.status_mut() = StatusCode::from_u16(reply.code).expect("a valid status");
    let headers = response.headers_mut();
    let mut set = |name: &'static str, value: &str| {
        if let Ok(value) = HeaderValue::from_str(value) {
            headers.insert(name, value);
        }
    };
    set("content-type", reply.content_type);
    set("cache-control", "no-cache");
    set("x-content-type-options", "nosniff");
    for (name, value) in &reply.extra {
        set(name, value);
    }
    if csp {
        set("content-security-policy", STRICT_CSP);
    }
    // hyper leaves the body out for HEAD, with the length of the GET's.
    response
}

#[cfg(test)]
mod tests {
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::time::Duration;

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

    /// Whether the response head has `line`, header names being case-insensitive.
    fn has(head: &str, line: &str) -> bool {
        head.to_ascii_lowercase()
            .contains(&line.to_ascii_lowercase())
    }

    /// Sends `request` (its head, with `Connection: close` added so that the answer
    /// ends with the connection) and returns the status, the head and the body.
    fn get(port: u16, request: &str) -> (u16, String, Vec<u8>) {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let request = match request.split_once("\r\n") {
            Some((line, rest)) => format!("{line}\r\nConnection: close\r\n{rest}"),
            None => request.to_owned(),
        };
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
            has(&head, "Content-Type: text/html; charset=utf-8"),
            "{head}"
        );
        assert!(has(&head, "Cache-Control: no-cache"), "{head}");
        assert_eq!(body, b"<p>home</p>");

        let (code, head, body) = get(port, "HEAD /sub/a%20b.wasm HTTP/1.1\r\n\r\n");
        assert_eq!(code, 200);
        assert!(has(&head, "Content-Type: application/wasm"), "{head}");
        assert!(has(&head, "Content-Length: 4"), "{head}");
        assert!(body.is_empty());

        let (code, head, _) = get(port, "GET /sub HTTP/1.1\r\n\r\n");
        assert_eq!(code, 301);
        assert!(has(&head, "Location: /sub/"), "{head}");

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
    fn arguments() {
        let args = |a: &[&str]| parse(a.iter().map(Into::into).collect());
        assert_eq!(args(&[]), Ok((8000, false)));
        assert_eq!(args(&["--port", "9000"]), Ok((9000, false)));
        assert_eq!(args(&["--port=0", "--csp"]), Ok((0, true)));
        assert_eq!(args(&["-p", "1234"]), Ok((1234, false)));
        assert!(args(&["--port"]).is_err());
        assert!(args(&["--port", "http"]).is_err());
        assert!(args(&["--bogus"]).is_err());
        assert!(args(&["8000"]).is_err());
    }

    #[test]
    fn the_strict_csp_is_sent_under_its_prefix_or_everywhere_when_asked() {
        let t = TempDir::new("csp");
        let server = Server::start(t.www(), 0, false).unwrap();
        let port = server.port();
        assert_eq!(server.csp_url(), format!("{}csp/", server.url()));
        let policy = format!("Content-Security-Policy: {STRICT_CSP}");

        let (code, head, body) = get(port, "GET / HTTP/1.1\r\n\r\n");
        assert_eq!(code, 200);
        assert!(!has(&head, "Content-Security-Policy"), "{head}");
        assert_eq!(body, b"<p>home</p>");

        let (code, head, body) = get(port, "GET /csp/ HTTP/1.1\r\n\r\n");
        assert_eq!(code, 200);
        assert!(has(&head, &policy), "{head}");
        assert!(
            has(&head, "Content-Type: text/html; charset=utf-8"),
            "{head}"
        );
        assert_eq!(body, b"<p>home</p>");

        let (code, head, _) = get(port, "HEAD /csp/sub/a%20b.wasm HTTP/1.1\r\n\r\n");
        assert_eq!(code, 200);
        assert!(has(&head, "Content-Type: application/wasm"), "{head}");
        assert!(has(&head, &policy), "{head}");

        let (code, head, _) = get(port, "GET /csp/sub HTTP/1.1\r\n\r\n");
        assert_eq!(code, 301);
        assert!(has(&head, "Location: /csp/sub/"), "{head}");
        let (code, head, _) = get(port, "GET /csp?x=1 HTTP/1.1\r\n\r\n");
        assert_eq!(code, 301);
        assert!(has(&head, "Location: /csp/?x=1"), "{head}");
        assert_eq!(get(port, "GET /csp/../secret.txt HTTP/1.1\r\n\r\n").0, 403);
        assert_eq!(get(port, "GET /cspx HTTP/1.1\r\n\r\n").0, 404);
        server.stop();

        let options = Options {
            log: false,
            csp_everywhere: true,
        };
        let server = Server::serve(bind(0).unwrap(), t.www(), options).unwrap();
        let (code, head, _) = get(server.port(), "GET /app.js HTTP/1.1\r\n\r\n");
        assert_eq!(code, 200);
        assert!(has(&head, &policy), "{head}");
        server.stop();
    }
}
