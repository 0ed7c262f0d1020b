//! A post's body, read into a buffer that is wiped when dropped: a page's
//! post may hold a secret.
//!
//! What this reaches, and what it does not: the buffer the router reads
//! the form from, every copy of it as it grows, is zeroed when dropped. The
//! chunks the HTTP server hands over (its own buffers, shared and read-only)
//! and the kernel's socket buffers are beyond reach.

use core::pin::Pin;

use axum::body::{Body, HttpBody};
use zeroize::Zeroizing;

/// The body, if it has at most `limit` bytes, in a buffer zeroed when
/// dropped.
pub(crate) async fn read_body(mut body: Body, limit: usize) -> Result<Zeroizing<Vec<u8>>, ()> {
    let hint = body.size_hint().lower();
    let mut out = Zeroizing::new(Vec::with_capacity(
        usize::try_from(hint).unwrap_or(limit).min(limit),
    ));
    while let Some(frame) = core::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
        if let Ok(data) = frame.map_err(|_| ())?.into_data() {
            append(&mut out, &data, limit)?;
        }
    }
    Ok(out)
}

/// Appends `chunk` to `out`, up to `limit` bytes in all: when `out` must
/// grow, into a new buffer, the old one zeroed as it is dropped (a `Vec`
/// growing by itself would free its old buffer unwiped).
fn append(out: &mut Zeroizing<Vec<u8>>, chunk: &[u8], limit: usize) -> Result<(), ()> {
    let len = out.len() + chunk.len();
    if len > limit {
        return Err(());
    }
    if len > out.capacity() {
        let capacity = len.max(out.capacity().saturating_mul(2)).min(limit);
        let mut grown = Zeroizing::new(Vec::with_capacity(capacity));
        grown.extend_from_slice(out);
        // The old buffer is zeroed as it is dropped here.
        *out = grown;
    }
    out.extend_from_slice(chunk);
    Ok(())
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use zeroize::Zeroizing;

    use super::{append, read_body};

    fn run<T>(future: impl Future<Output = T>) -> T {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(future)
    }

    /// The body comes back whole, in a `Zeroizing` buffer (the type is the
    /// assertion: its `Drop` zeroes the bytes); a body over the limit is
    /// refused.
    #[test]
    fn reads_into_a_buffer_wiped_on_drop() {
        let body: Zeroizing<Vec<u8>> = run(read_body(Body::from("api_key=hunter2"), 1024)).unwrap();
        assert_eq!(body.as_slice(), b"api_key=hunter2");
        assert!(run(read_body(Body::from("x".repeat(1025)), 1024)).is_err());
    }

    /// Growing never leaves the bytes behind in a buffer that is not
    /// wiped: each growth moves them into a new `Zeroizing` buffer.
    #[test]
    fn grows_within_the_limit() {
        let mut out = Zeroizing::new(Vec::with_capacity(2));
        append(&mut out, b"abc", 10).unwrap();
        append(&mut out, b"defgh", 10).unwrap();
        assert_eq!(out.as_slice(), b"abcdefgh");
        assert!(out.capacity() <= 10);
        assert!(append(&mut out, b"ijk", 10).is_err());
        assert_eq!(out.as_slice(), b"abcdefgh", "unchanged by a refusal");
    }
}
