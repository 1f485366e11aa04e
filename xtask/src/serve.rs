//! `cargo xtask serve`: the static file server for `www/`: tower-http's `ServeDir`
//! under an axum router, on a single-threaded tokio runtime.
//!
//! Why a server in xtask rather than `python -m http.server` or an npm package: the
//! project promises only cargo and node on a CI machine, and the test harness wants the
//! server in-process on an ephemeral port ([`Server`]) so that parallel checkouts never
//! fight over port 8000. `ServeDir` does the serving: it maps paths to files, decodes
//! them, refuses `..` and any path that is not plainly inside the root, redirects a
//! directory to its trailing slash, answers HEAD, ranges and conditional requests, and
//! takes the type from the file name (`application/wasm`, which
//! `WebAssembly.instantiateStreaming` insists on, and `text/javascript` for modules).
//!
//! Why axum and tower-http's layers rather than hand-written hyper plumbing (issue 16):
//! the accept loop, the graceful shutdown, the second mount under a prefix and the
//! header rules are what those crates exist for, and theirs are tested far beyond this
//! file. axum is built without its default features (no JSON, forms, query strings,
//! macros or tracing), so it adds little to the build. What is left here is this site's
//! policy: which headers, which mounts, one log line per request.
//!
//! **Content-Security-Policy for the browser tests.** Everything under `/csp/` is
//! the root again, sent with the header `Content-Security-Policy: STRICT_CSP`: a test
//! loads `<url>csp/index.html` (the test task passes it as `LOOPY_CSP_URL`) and the
//! page, its worker and everything relative to them run under the strict policy, as
//! a site that sends the header would. `cargo xtask serve --csp` sends it everywhere.
//!
//! Scope: GET and HEAD of files under one root, on 127.0.0.1 only. A development
//! server, not a production one.

use std::io;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;
use std::time::Duration;

use axum::extract::Request;
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;
use tokio::sync::watch;
use tower_http::services::ServeDir;
use tower_http::set_header::{SetResponseHeader, SetResponseHeaderLayer};

use crate::util::{self, Result};

const DEFAULT_PORT: u16 = 8000;

/// The strict policy the pages must run under (issue 11): no inline script or
/// style, no eval but wasm compilation, workers and everything else from the site.
pub const STRICT_CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
     style-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'";

/// The path prefix under which every file is sent with [`STRICT_CSP`].
pub const CSP_PREFIX: &str = "/csp/";

/// How long, once stopped, a response under way may take to finish before its
/// connection is dropped (a client that stops reading must not hold up `stop`).
const GRACE: Duration = Duration::from_secs(1);

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
    /// Dropping it tells the server to stop.
    stop: Option<watch::Sender<()>>,
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
            .enable_time()
            .build()?;
        let listener = {
            let _reactor = runtime.enter();
            tokio::net::TcpListener::from_std(listener)?
        };
        let app = site(&root, options);
        let (stop, stopped) = watch::channel(());
        // The thread owns the runtime: when `serve_until` returns, dropping it closes every
        // connection still open.
        let thread = std::thread::Builder::new()
            .name("xtask-serve".into())
            .spawn(move || runtime.block_on(serve_until(listener, app, stopped)))?;
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

    /// Stops serving: no new connection is accepted, idle ones are closed at once and
    /// a response under way gets [`GRACE`] to finish.
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        drop(self.stop.take());
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

/// Serves until the [`Server`] drops its end of `stopped`, then shuts down gracefully
/// for at most [`GRACE`].
async fn serve_until(listener: tokio::net::TcpListener, app: Router, stopped: watch::Receiver<()>) {
    // `changed` fails once the sender is gone: that is the signal.
    let signal =
        |mut stopped: watch::Receiver<()>| async move { while stopped.changed().await.is_ok() {} };
    let serving = axum::serve(listener, app).with_graceful_shutdown(signal(stopped.clone()));
    let deadline = async {
        signal(stopped).await;
        tokio::time::sleep(GRACE).await;
    };
    tokio::select! {
        _ = async { serving.await } => {}
        () = deadline => {}
    }
}

/// The root at `/` and again under `/csp/` with the strict policy (where directory
/// redirects keep the prefix), and the headers every response gets: no caching, no
/// type sniffing.
fn site(root: &Path, options: Options) -> Router {
    let under_csp = SetResponseHeader::overriding(
        ServeDir::new(root).redirect_path_prefix(CSP_PREFIX.trim_end_matches('/')),
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(STRICT_CSP),
    );
    let mut app = Router::new()
        .nest_service(CSP_PREFIX, under_csp)
        .fallback_service(ServeDir::new(root))
        .layer(middleware::from_fn(declarations_as_text))
        .layer(set(header::CACHE_CONTROL, "no-cache"))
        .layer(set(header::X_CONTENT_TYPE_OPTIONS, "nosniff"));
    if options.csp_everywhere {
        app = app.layer(set(header::CONTENT_SECURITY_POLICY, STRICT_CSP));
    }
    if options.log {
        // The outermost layer, so that it sees the request as sent and the response
        // as it leaves.
        app = app.layer(middleware::from_fn(log));
    }
    app
}

/// Sets the header `name: value` on every response, replacing any.
fn set(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
}

/// mime_guess takes `.ts` for an MPEG transport stream; ours are type declarations
/// (the element's `.d.ts`), for reading.
async fn declarations_as_text(request: Request, next: Next) -> Response {
    let declarations = request.uri().path().ends_with(".ts");
    let mut response = next.run(request).await;
    if declarations {
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        );
    }
    response
}

/// One line per request: `GET /sub -> 307 /sub/`.
async fn log(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let target = request.uri().to_string();
    let response = next.run(request).await;
    let location = response
        .headers()
        .get(header::LOCATION)
        .and_then(|l| l.to_str().ok())
        .map(|l| format!(" {l}"))
        .unwrap_or_default();
    println!(
        "{method} {target} -> {}{location}",
        response.status().as_u16()
    );
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
            let files: [(&str, &[u8]); 9] = [
                ("index.html", b"<p>home</p>"),
                ("app.js", b"export {}"),
                ("style.css", b"p {}"),
                ("favicon.svg", b"<svg/>"),
                ("loopy-ring.d.ts", b"export {};"),
                ("package.json", b"{}"),
                ("sub/index.html", b"<p>sub</p>"),
                ("sub/a b.wasm", b"\0asm"),
                ("sub/worker.mjs", b"export {}"),
            ];
            for (name, body) in files {
                std::fs::write(dir.join("www").join(name), body).unwrap();
            }
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

    /// `GET path`: the status, the head and the body.
    fn fetch(port: u16, path: &str) -> (u16, String, Vec<u8>) {
        get(port, &format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n"))
    }

    /// The Content-Type the server sends for `path`, without parameters.
    fn content_type(port: u16, path: &str) -> String {
        let (code, head, _) = fetch(port, path);
        assert_eq!(code, 200, "{path}: {head}");
        let line = head
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("content-type:"))
            .unwrap_or_else(|| panic!("{path}: no Content-Type in {head}"));
        let value = line.split_once(':').unwrap().1;
        value.split(';').next().unwrap().trim().to_owned()
    }

    #[test]
    fn every_kind_of_file_the_site_has_gets_its_type() {
        let t = TempDir::new("mime");
        let server = Server::start(t.www(), 0, false).unwrap();
        let port = server.port();
        let ty = |path| content_type(port, path);
        assert_eq!(ty("/"), "text/html");
        assert_eq!(ty("/index.html"), "text/html");
        assert_eq!(ty("/app.js"), "text/javascript");
        assert!(ty("/sub/worker.mjs").ends_with("javascript"));
        assert_eq!(ty("/sub/a%20b.wasm"), "application/wasm");
        assert_eq!(ty("/style.css"), "text/css");
        assert_eq!(ty("/favicon.svg"), "image/svg+xml");
        assert_eq!(ty("/package.json"), "application/json");
        assert_eq!(ty("/loopy-ring.d.ts"), "text/plain");
        assert_eq!(ty("/csp/sub/a%20b.wasm"), "application/wasm");
        server.stop();
    }

    #[test]
    fn path_traversal_is_refused() {
        let t = TempDir::new("traversal");
        let server = Server::start(t.www(), 0, false).unwrap();
        let port = server.port();
        for target in [
            "/../secret.txt",
            "/sub/../../secret.txt",
            "/%2e%2e/secret.txt",
            "/%2E%2E%2Fsecret.txt",
            "/sub/%2e%2e/%2e%2e/secret.txt",
            "/..%2fsecret.txt",
            "/..%5csecret.txt",
            "/csp/../secret.txt",
            "/csp/%2e%2e/secret.txt",
            &format!("/{}", t.0.join("secret.txt").display()),
            &format!("/%2F{}", t.0.join("secret.txt").display()),
        ] {
            let (code, head, body) = fetch(port, target);
            assert!((400..500).contains(&code), "{target}: {head}");
            assert!(!body.windows(6).any(|w| w == b"secret"), "{target}");
        }
        // The same file inside the root is served, so the refusals above are not a 404
        // for every path.
        std::fs::write(t.www().join("secret.txt"), "inside").unwrap();
        assert_eq!(fetch(port, "/secret.txt").2, b"inside");
        server.stop();
    }

    #[test]
    fn serves_over_http() {
        let t = TempDir::new("http");
        let server = Server::start(t.www(), 0, false).unwrap();
        let port = server.port();
        assert!(server.url().starts_with("http://127.0.0.1:"));

        let (code, head, body) = fetch(port, "/");
        assert_eq!(code, 200);
        assert!(has(&head, "Cache-Control: no-cache"), "{head}");
        assert!(has(&head, "X-Content-Type-Options: nosniff"), "{head}");
        assert!(!has(&head, "Content-Security-Policy"), "{head}");
        assert_eq!(body, b"<p>home</p>");
        assert_eq!(fetch(port, "/?x=1#frag").2, b"<p>home</p>");
        assert_eq!(fetch(port, "/app.js?v=2").2, b"export {}");
        assert_eq!(fetch(port, "/sub/").2, b"<p>sub</p>");
        // A doubled slash names the same file (a visitor's odd URL still loads the page).
        assert_eq!(fetch(port, "//index.html?n=8").2, b"<p>home</p>");
        assert_eq!(fetch(port, "//sub//a%20b.wasm").2, b"\0asm");

        let (code, head, body) = get(port, "HEAD /sub/a%20b.wasm HTTP/1.1\r\n\r\n");
        assert_eq!(code, 200);
        assert!(has(&head, "Content-Type: application/wasm"), "{head}");
        assert!(has(&head, "Content-Length: 4"), "{head}");
        assert!(body.is_empty());

        let (code, head, _) = fetch(port, "/sub");
        assert_eq!(code, 307, "{head}");
        assert!(has(&head, "Location: /sub/"), "{head}");

        assert_eq!(fetch(port, "/nope.js").0, 404);
        assert_eq!(fetch(port, "/sub/missing/").0, 404);
        assert_eq!(
            get(port, "POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n").0,
            405
        );
        assert_eq!(get(port, "nonsense\r\n\r\n").0, 400);

        // Concurrent clients: one that stays silent must not block the others.
        let idle = TcpStream::connect(("127.0.0.1", port)).unwrap();
        let handles: Vec<_> = (0..8)
            .map(|_| std::thread::spawn(move || fetch(port, "/app.js").0))
            .collect();
        for h in handles {
            assert_eq!(h.join().unwrap(), 200);
        }
        drop(idle);
        server.stop();
    }

    #[test]
    fn stop_closes_open_connections_and_refuses_new_ones() {
        let t = TempDir::new("stop");
        std::fs::write(t.www().join("big.bin"), vec![b'x'; 32 << 20]).unwrap();
        let server = Server::start(t.www(), 0, false).unwrap();
        let port = server.port();
        let connect = |request: &[u8]| {
            let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
            s.write_all(request).unwrap();
            s
        };
        // Silent; half a request; a finished request kept alive; a response the
        // client does not read, which fills the socket and stalls.
        let idle = connect(b"");
        let half = connect(b"GET / HTTP/1.1\r\n");
        let mut kept = connect(b"GET /app.js HTTP/1.1\r\nHost: x\r\n\r\n");
        kept.set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        // The answer may come in more than one read (headers, then the body).
        let mut answer = Vec::new();
        let mut chunk = [0; 512];
        while !answer.ends_with(b"export {}") {
            let n = kept.read(&mut chunk).unwrap();
            assert!(
                n > 0,
                "closed before the body: {:?}",
                String::from_utf8_lossy(&answer)
            );
            answer.extend_from_slice(&chunk[..n]);
        }
        let stalled = connect(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n");
        std::thread::sleep(Duration::from_millis(200));

        let (done, stopped) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            server.stop();
            let _ = done.send(());
        });
        stopped
            .recv_timeout(Duration::from_secs(20))
            .expect("stop returns while clients hold connections");
        for (name, mut s) in [
            ("idle", idle),
            ("half", half),
            ("kept", kept),
            ("stalled", stalled),
        ] {
            s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
            let mut rest = Vec::new();
            match s.read_to_end(&mut rest) {
                Ok(_) => {}
                Err(e) => assert_eq!(e.kind(), io::ErrorKind::ConnectionReset, "{name}: {e}"),
            }
        }
        assert!(TcpStream::connect(("127.0.0.1", port)).is_err());
    }

    #[test]
    fn logging_changes_no_answer() {
        let t = TempDir::new("log");
        let options = Options {
            log: true,
            csp_everywhere: false,
        };
        let server = Server::serve(bind(0).unwrap(), t.www(), options).unwrap();
        let (code, head, body) = fetch(server.port(), "/");
        assert_eq!(code, 200);
        assert!(has(&head, "Cache-Control: no-cache"), "{head}");
        assert_eq!(body, b"<p>home</p>");
        let (code, head, _) = fetch(server.port(), "/csp/sub");
        assert_eq!(code, 307);
        assert!(has(&head, "Location: /csp/sub/"), "{head}");
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

        let (code, head, body) = fetch(port, "/csp/");
        assert_eq!(code, 200);
        assert!(has(&head, &policy), "{head}");
        assert!(has(&head, "Content-Type: text/html"), "{head}");
        assert!(has(&head, "Cache-Control: no-cache"), "{head}");
        assert_eq!(body, b"<p>home</p>");

        let (code, head, _) = get(port, "HEAD /csp/sub/a%20b.wasm HTTP/1.1\r\n\r\n");
        assert_eq!(code, 200);
        assert!(has(&head, "Content-Type: application/wasm"), "{head}");
        assert!(has(&head, &policy), "{head}");
        assert_eq!(fetch(port, "/csp/app.js?v=1").2, b"export {}");

        // A directory's redirect stays under the prefix.
        let (code, head, _) = fetch(port, "/csp/sub");
        assert_eq!(code, 307);
        assert!(has(&head, "Location: /csp/sub/"), "{head}");
        let (code, head, _) = fetch(port, "/csp/nope.js");
        assert_eq!(code, 404);
        assert!(has(&head, &policy), "{head}");
        assert_eq!(fetch(port, "/cspx").0, 404);
        // Without its slash the prefix is no mount: a page there would load its
        // relative files from outside it.
        let (code, head, _) = fetch(port, "/csp");
        assert_eq!(code, 404);
        assert!(!has(&head, "Content-Security-Policy"), "{head}");
        let (code, head, _) = fetch(port, "/csp/loopy-ring.d.ts");
        assert_eq!(code, 200);
        assert!(has(&head, "Content-Type: text/plain"), "{head}");
        assert!(has(&head, "X-Content-Type-Options: nosniff"), "{head}");
        server.stop();

        let options = Options {
            log: false,
            csp_everywhere: true,
        };
        let server = Server::serve(bind(0).unwrap(), t.www(), options).unwrap();
        let (code, head, _) = fetch(server.port(), "/app.js");
        assert_eq!(code, 200);
        assert!(has(&head, &policy), "{head}");
        // Under the prefix too, and once.
        let (code, head, _) = fetch(server.port(), "/csp/app.js");
        assert_eq!(code, 200);
        let policies = head
            .to_ascii_lowercase()
            .matches("content-security-policy:")
            .count();
        assert_eq!(policies, 1, "{head}");
        server.stop();
    }
}
