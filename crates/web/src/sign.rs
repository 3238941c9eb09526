//! Links that cannot be guessed: a game's page is `/watch/<game>-<mac>`, the MAC an
//! HMAC-SHA256 of the game's number under the server's secret (`WEB_SECRET`), cut to 128
//! bits. Changing the secret revokes every link made before.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Signs and checks link tokens.
#[derive(Clone)]
pub struct Signer {
    key: Vec<u8>,
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Signer(..)")
    }
}

const MAC_BYTES: usize = 16;

impl Signer {
    /// A signer with this secret (at least 16 bytes; `WEB_SECRET`).
    pub fn new(secret: &[u8]) -> Signer {
        Signer {
            key: secret.to_vec(),
        }
    }

    fn mac(&self, what: &str, game: i64) -> Hmac<Sha256> {
        let mut m = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes any key");
        m.update(what.as_bytes());
        m.update(b":");
        m.update(&game.to_be_bytes());
        m
    }

    /// The token of game `game`'s page of kind `what` (`watch`).
    pub fn token(&self, what: &str, game: i64) -> String {
        let tag = self.mac(what, game).finalize().into_bytes();
        let hex: String = tag[..MAC_BYTES]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        format!("{game}-{hex}")
    }

    /// The game a token of kind `what` opens, if it is genuine (checked in constant time).
    pub fn check(&self, what: &str, token: &str) -> Option<i64> {
        let (game, hex) = token.split_once('-')?;
        let game: i64 = game.parse().ok().filter(|g| *g > 0)?;
        if hex.len() != MAC_BYTES * 2 {
            return None;
        }
        let bytes: Option<Vec<u8>> = (0..MAC_BYTES)
            .map(|i| u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok())
            .collect();
        self.mac(what, game)
            .verify_truncated_left(&bytes?)
            .ok()
            .map(|_| game)
    }
}

impl Signer {
    /// The full HMAC of `bytes` under `what` (calls between processes), as hex.
    pub fn sign_bytes(&self, what: &str, bytes: &[u8]) -> String {
        self.bytes_mac(what, bytes)
            .finalize()
            .into_bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// Is `hex` the HMAC of `bytes` under `what` (checked in constant time)?
    pub fn check_bytes(&self, what: &str, bytes: &[u8], hex: &str) -> bool {
        let Some(tag) = (0..hex.len() / 2)
            .map(|i| u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok())
            .collect::<Option<Vec<u8>>>()
        else {
            return false;
        };
        self.bytes_mac(what, bytes).verify_slice(&tag).is_ok()
    }

    fn bytes_mac(&self, what: &str, bytes: &[u8]) -> Hmac<Sha256> {
        let mut m = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes any key");
        m.update(what.as_bytes());
        m.update(b":");
        m.update(bytes);
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_opens_its_game_only_under_its_secret() {
        let s = Signer::new(b"0123456789abcdef0123456789abcdef");
        let t = s.token("watch", 42);
        assert_eq!(s.check("watch", &t), Some(42));
        assert_eq!(
            s.check("replay", &t),
            None,
            "a token is for one kind of page"
        );
        let other = Signer::new(b"another secret, rotated by admin");
        assert_eq!(
            other.check("watch", &t),
            None,
            "a new secret revokes old links"
        );
        let forged = t.replacen("42-", "43-", 1);
        assert_eq!(s.check("watch", &forged), None);
        let mut flipped = t.clone();
        let last = flipped.pop().unwrap();
        flipped.push(if last == '0' { '1' } else { '0' });
        assert_eq!(s.check("watch", &flipped), None);
        for bad in ["", "42", "42-", "x-00", "-1-00", &t[..t.len() - 1], "42-zz"] {
            assert_eq!(s.check("watch", bad), None, "{bad:?}");
        }
    }
}
