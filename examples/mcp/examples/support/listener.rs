//! The example server's TCP listener: every accepted socket gets
//! `TCP_NODELAY`.
//!
//! rmcp's Streamable HTTP service writes the end of each event-stream
//! response (the last, 5-byte chunk) in a write of its own. With Nagle's
//! algorithm on, that chunk waits for the client's delayed ACK: about 40 ms
//! a round for a client that keeps its connection alive, with both CPUs
//! idle. `TCP_NODELAY` sends it at once.

use std::io;
use std::net::SocketAddr;

use axum::serve::{Listener, ListenerExt};
use tokio::net::{TcpListener, TcpStream};

/// A listener on `address` whose accepted sockets have `TCP_NODELAY` set.
///
/// # Errors
///
/// The error of binding `address`.
pub async fn bind(
    address: SocketAddr,
) -> io::Result<impl Listener<Io = TcpStream, Addr = SocketAddr>> {
    Ok(TcpListener::bind(address).await?.tap_io(no_delay))
}

/// Sets `TCP_NODELAY` on an accepted socket; a socket that refuses it is
/// still served, only slower.
fn no_delay(stream: &mut TcpStream) {
    if let Err(error) = stream.set_nodelay(true) {
        eprintln!("warning: `TCP_NODELAY` could not be set on an accepted socket: {error}");
    }
}
