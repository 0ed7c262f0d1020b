//! The example server's accepted sockets have `TCP_NODELAY`: without it,
//! the last chunk of each event-stream response waits for the client's
//! delayed ACK, about 40 ms a round for a keep-alive client.

#[path = "../examples/support/listener.rs"]
mod listener;

use axum::serve::Listener as _;

#[tokio::test]
async fn accepted_sockets_have_tcp_nodelay() {
    let mut listener = listener::bind("127.0.0.1:0".parse().unwrap())
        .await
        .expect("a loopback port is free");
    let address = listener.local_addr().unwrap();
    let (accepted, client) =
        tokio::join!(listener.accept(), tokio::net::TcpStream::connect(address));
    let client = client.expect("the listener accepts");
    let (accepted, peer) = accepted;
    assert_eq!(peer, client.local_addr().unwrap());
    assert!(
        accepted.nodelay().unwrap(),
        "an accepted socket without `TCP_NODELAY` holds back the end of each response"
    );
}
