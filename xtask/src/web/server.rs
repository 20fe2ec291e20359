//! A static file server for the page: GET of a file in one folder, nothing else. Enough
//! for a browser on localhost; not a web server for anything more.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;

/// Serves `site` on a free port of localhost from a thread that ends with the process;
/// returns the port.
pub fn serve_in_background(site: &Path) -> Result<u16, String> {
    let listener = TcpListener::bind(("127.0.0.1", 0))
        .map_err(|error| format!("cannot listen on localhost: {error}"))?;
    let port = listener
        .local_addr()
        .map_err(|error| error.to_string())?
        .port();
    let served = site.to_path_buf();
    std::thread::spawn(move || serve(&listener, &served));
    Ok(port)
}

/// Serves `site` on `listener` until the process ends, one request per connection.
pub fn serve(listener: &TcpListener, site: &Path) {
    for stream in listener.incoming().flatten() {
        // A failed request (a closed connection) concerns only that request.
        let _ = respond(stream, site);
    }
}

/// Answers one request.
fn respond(mut stream: TcpStream, site: &Path) -> std::io::Result<()> {
    let mut request_line = String::new();
    let mut reader = BufReader::new(stream.try_clone()?);
    reader.read_line(&mut request_line)?;
    // Skip the headers: nothing in them changes the answer.
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        header.clear();
    }
    let mut words = request_line.split_whitespace();
    let (method, target) = (words.next(), words.next().unwrap_or("/"));
    let name = target
        .split('?')
        .next()
        .unwrap_or("/")
        .trim_start_matches('/');
    let name = if name.is_empty() { "index.html" } else { name };
    // Only plain file names of the site: no folders, so nothing outside it.
    let allowed = method == Some("GET") && !name.contains(['/', '\\']) && !name.starts_with('.');
    let body = if allowed {
        std::fs::read(site.join(name)).ok()
    } else {
        None
    };
    match body {
        Some(body) => {
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
                content_type(name),
                body.len()
            );
            stream.write_all(head.as_bytes())?;
            stream.write_all(&body)
        }
        None => stream
            .write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
    }
}

/// The media type of a file of the page, by its extension (wasm must be served as
/// `application/wasm` for streaming instantiation).
fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}
