//! A game's secret throw seed and its public commitment.

use super::*;

/// A game's secret throw seed (32 bytes, written as 64 hex digits).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ThrowSeed(pub [u8; 32]);

impl ThrowSeed {
    /// The seed `ChaCha20Rng::seed_from_u64(seed)` uses, so that a table made from a `u64`
    /// throws exactly as it did before seeds were kept.
    pub fn from_u64(seed: u64) -> ThrowSeed {
        ThrowSeed(ChaCha20Rng::seed_from_u64(seed).get_seed())
    }

    /// The generator the throws come from.
    pub fn rng(&self) -> ChaCha20Rng {
        ChaCha20Rng::from_seed(self.0)
    }

    pub fn hex(&self) -> String {
        hex(&self.0)
    }

    /// The commitment shown before the first throw: SHA-256 of the 32 bytes, in hex.
    pub fn commitment(&self) -> String {
        use sha2::Digest;
        hex(&sha2::Sha256::digest(self.0))
    }

    /// From 64 hex digits (either case).
    pub fn parse(s: &str) -> Option<ThrowSeed> {
        let b = s.as_bytes();
        if b.len() != 64 {
            return None;
        }
        let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
        let mut out = [0u8; 32];
        for (i, o) in out.iter_mut().enumerate() {
            *o = digit(b[2 * i])? << 4 | digit(b[2 * i + 1])?;
        }
        Some(ThrowSeed(out))
    }
}

/// Lower-case hex of bytes.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

impl fmt::Debug for ThrowSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never printed in logs in full: the commitment is what may be shown.
        write!(f, "ThrowSeed(sha256 {})", &self.commitment()[..12])
    }
}

impl Serialize for ThrowSeed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.hex())
    }
}

impl<'de> Deserialize<'de> for ThrowSeed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        ThrowSeed::parse(&s).ok_or_else(|| serde::de::Error::custom("a seed is 64 hex digits"))
    }
}
