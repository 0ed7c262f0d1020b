//! A sealed token opened and sealed again by hand, with the key's bytes,
//! as the documentation of `elicit_runtime::state` lays it out (`es3.`,
//! base64url of the key id, the nonce, the ciphertext and the tag;
//! XChaCha20-Poly1305 over the header and the payload, with the label,
//! the version, the kind, the key id and the deployment's digest as
//! associated data): what an attacker holding the keys could read, and
//! authentic tokens of layouts the library would never write.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chacha20poly1305::aead::{AeadInOut, KeyInit};
use chacha20poly1305::{Key, Tag, XChaCha20Poly1305, XNonce};
use sha2::{Digest, Sha256};

const PREFIX: &str = "es3.";
const KEY_ID_LEN: usize = 8;
const NONCE_LEN: usize = 24;
const TAG_LEN: usize = 16;
/// Issued at, expires at, round, the binding's digest, the tags of its
/// parts, the principal's flag.
pub const HEADER_LEN: usize = 5 + 5 + 4 + 32 + 4 + 4 + 1 + 4;

/// The kind of payload of a flow's state.
pub const FLOW: u8 = 2;

/// A token opened by hand: what it was sealed with, and its plaintext.
pub struct RawToken {
    #[allow(dead_code, reason = "read by `seal`, which not every test uses")]
    key_id: [u8; KEY_ID_LEN],
    #[allow(dead_code, reason = "read by `seal`, which not every test uses")]
    kind: u8,
    /// The header and the payload.
    pub plaintext: Vec<u8>,
}

impl RawToken {
    /// The payload after the header.
    pub fn payload(&self) -> &[u8] {
        &self.plaintext[HEADER_LEN..]
    }

    /// The same header with `payload` in place of the payload.
    #[allow(dead_code, reason = "not every test seals a token again")]
    pub fn with_payload(mut self, payload: &[u8]) -> RawToken {
        self.plaintext.truncate(HEADER_LEN);
        self.plaintext.extend_from_slice(payload);
        self
    }
}

/// The digest of the single deployment (`Deployment::SINGLE`) in the
/// associated data.
fn single_deployment() -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(b"elicit/request-state/deployment/v3\0");
    hasher.update([0]);
    hasher.finalize().into()
}

fn associated_data(kind: u8, key_id: &[u8]) -> Vec<u8> {
    let mut aad = b"elicit/request-state\0".to_vec();
    aad.push(3);
    aad.push(kind);
    aad.extend_from_slice(key_id);
    aad.extend_from_slice(&single_deployment());
    aad
}

/// Opens `token`, of `kind`, sealed with `key` by a ring of the single
/// deployment; panics if it does not open.
pub fn open(key: &[u8; 32], kind: u8, token: &str) -> RawToken {
    let sealed = URL_SAFE_NO_PAD
        .decode(token.strip_prefix(PREFIX).expect("the token's prefix"))
        .expect("base64url");
    let (key_id, rest) = sealed.split_at(KEY_ID_LEN);
    let (nonce, rest) = rest.split_at(NONCE_LEN);
    let (ciphertext, tag) = rest.split_at(rest.len() - TAG_LEN);
    let cipher = XChaCha20Poly1305::new(&Key::from(*key));
    let mut plaintext = ciphertext.to_vec();
    cipher
        .decrypt_inout_detached(
            &XNonce::try_from(nonce).unwrap(),
            &associated_data(kind, key_id),
            plaintext.as_mut_slice().into(),
            &Tag::try_from(tag).unwrap(),
        )
        .expect("the token opens with the key");
    RawToken {
        key_id: key_id.try_into().unwrap(),
        kind,
        plaintext,
    }
}

/// Seals `raw` again with `key`, under a fresh nonce: an authentic token.
#[allow(dead_code, reason = "not every test seals a token again")]
pub fn seal(key: &[u8; 32], raw: &RawToken) -> String {
    let nonce: [u8; NONCE_LEN] = core::array::from_fn(|i| (i as u8).wrapping_mul(97) ^ 0x3c);
    let cipher = XChaCha20Poly1305::new(&Key::from(*key));
    let mut ciphertext = raw.plaintext.clone();
    let tag = cipher
        .encrypt_inout_detached(
            &XNonce::from(nonce),
            &associated_data(raw.kind, &raw.key_id),
            ciphertext.as_mut_slice().into(),
        )
        .unwrap();
    let mut sealed = raw.key_id.to_vec();
    sealed.extend_from_slice(&nonce);
    sealed.extend_from_slice(&ciphertext);
    sealed.extend_from_slice(&tag);
    format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(sealed))
}
