//! GIF's LZW (8-bit indices), with a fast path for runs of one index.
//!
//! A replay frame is mostly the transparent index (the pixels that did not change) between a
//! few changed areas, and LZW spends its time looking up one table entry per input byte.
//! This encoder is the greedy LZW `weezl` (which the `gif` crate uses) implements, with the
//! same code widths and clear codes, but inside a run of the chosen index it jumps straight
//! to the longest string of that index the dictionary holds instead of walking to it a byte
//! at a time. The output is written with
//! `gif::Encoder::write_lzw_pre_encoded_frame`; tests decode every frame with the `gif`
//! crate and compare it with the board drawn from scratch.

const MIN_CODE_SIZE: u8 = 8;
const CLEAR: u16 = 1 << MIN_CODE_SIZE;
const END: u16 = CLEAR + 1;
const FIRST: u16 = CLEAR + 2;
const MAX_WIDTH: u8 = 12;
/// The dictionary is cleared once it holds more codes than 12 bits can name.
const MAX_CODES: u16 = 1 << MAX_WIDTH;
const SLOTS: usize = 1 << 13;

/// The dictionary: (prefix code, byte) → code, in an open-addressing table cleared by
/// bumping an epoch.
struct Dict {
    keys: Vec<u32>,
    codes: Vec<u16>,
    epochs: Vec<u32>,
    epoch: u32,
}

impl Dict {
    fn new() -> Dict {
        Dict {
            keys: vec![0; SLOTS],
            codes: vec![0; SLOTS],
            epochs: vec![0; SLOTS],
            epoch: 1,
        }
    }

    fn clear(&mut self) {
        self.epoch += 1;
    }

    #[inline]
    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> (32 - 13)) as usize
    }

    #[inline]
    fn get(&self, prefix: u16, byte: u8) -> Option<u16> {
        let key = ((prefix as u32) << 8) | byte as u32;
        let mut i = Dict::slot(key);
        loop {
            if self.epochs[i] != self.epoch {
                return None;
            }
            if self.keys[i] == key {
                return Some(self.codes[i]);
            }
            i = (i + 1) & (SLOTS - 1);
        }
    }

    #[inline]
    fn insert(&mut self, prefix: u16, byte: u8, code: u16) {
        let key = ((prefix as u32) << 8) | byte as u32;
        let mut i = Dict::slot(key);
        while self.epochs[i] == self.epoch {
            i = (i + 1) & (SLOTS - 1);
        }
        self.epochs[i] = self.epoch;
        self.keys[i] = key;
        self.codes[i] = code;
    }
}

/// Codes written least significant bit first.
struct Bits {
    out: Vec<u8>,
    acc: u64,
    n: u8,
}

impl Bits {
    #[inline]
    fn put(&mut self, code: u16, width: u8) {
        self.acc |= (code as u64) << self.n;
        self.n += width;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.out
    }
}

/// The LZW data of a GIF image (its minimum code size first, as
/// `write_lzw_pre_encoded_frame` takes it), `run` being the index whose runs are skipped.
pub fn encode(data: &[u8], run: u8) -> Vec<u8> {
    let mut bits = Bits {
        out: Vec::with_capacity(data.len() / 8 + 16),
        acc: 0,
        n: 0,
    };
    bits.out.push(MIN_CODE_SIZE);
    let mut dict = Dict::new();
    // For codes whose string is `run` repeated: its length; and the code of each length.
    let mut run_len = vec![0u16; MAX_CODES as usize + 2];
    let mut of_len = vec![0u16; MAX_CODES as usize + 2];
    let reset = |run_len: &mut Vec<u16>, of_len: &mut Vec<u16>| {
        run_len.iter_mut().for_each(|x| *x = 0);
        run_len[run as usize] = 1;
        of_len[1] = run as u16;
        1u16
    };
    let mut longest = reset(&mut run_len, &mut of_len);
    let mut width = MIN_CODE_SIZE + 1;
    let mut next = FIRST;
    bits.put(CLEAR, width);
    let Some((&first, _)) = data.split_first() else {
        bits.put(END, width);
        return bits.finish();
    };
    let mut cur = first as u16;
    let mut i = 1;
    let n = data.len();
    loop {
        // In a run: jump to the longest string of the run the dictionary has.
        let m = run_len[cur as usize];
        if m > 0 && m < longest && i < n && data[i] == run {
            let room = (longest - m) as usize;
            let end = (i + room).min(n);
            let r = data[i..end]
                .iter()
                .position(|&b| b != run)
                .unwrap_or(end - i);
            cur = of_len[m as usize + r];
            i += r;
        }
        if i == n {
            break;
        }
        let c = data[i];
        if let Some(code) = dict.get(cur, c) {
            cur = code;
            i += 1;
            continue;
        }
        // A new entry: the current string and the byte that did not follow it.
        dict.insert(cur, c, next);
        if c == run {
            let m = run_len[cur as usize];
            if m > 0 {
                run_len[next as usize] = m + 1;
                if m + 1 > longest {
                    longest = m + 1;
                    of_len[longest as usize] = next;
                }
            }
        }
        next += 1;
        bits.put(cur, width);
        if next > (1 << width) && width < MAX_WIDTH {
            width += 1;
        }
        if next > MAX_CODES {
            bits.put(CLEAR, width);
            dict.clear();
            longest = reset(&mut run_len, &mut of_len);
            width = MIN_CODE_SIZE + 1;
            next = FIRST;
        }
        cur = c as u16;
        i += 1;
    }
    bits.put(cur, width);
    // The decoder adds one more entry on reading that code before it reads the end code.
    if next >= (1 << width) && width < MAX_WIDTH {
        width += 1;
    }
    bits.put(END, width);
    bits.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(lzw: &[u8], w: u16, h: u16) -> Vec<u8> {
        // A one-frame GIF around the data, read back by the gif crate.
        let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, i, i]).collect();
        let mut out = Vec::new();
        {
            let mut e = gif::Encoder::new(&mut out, w, h, &palette).unwrap();
            let f = gif::Frame {
                width: w,
                height: h,
                buffer: std::borrow::Cow::Borrowed(lzw),
                ..gif::Frame::default()
            };
            e.write_lzw_pre_encoded_frame(&f).unwrap();
        }
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let mut d = opts.read_info(out.as_slice()).unwrap();
        d.read_next_frame().unwrap().unwrap().buffer.to_vec()
    }

    /// Runs, noise and mixes long enough to fill and clear the dictionary many times: the gif
    /// crate decodes every one back to its data, and the codes are as compact as its own.
    #[test]
    fn matches_the_gif_crates_encoder_and_decodes() {
        let mut x = 12345u32;
        let mut rnd = move || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        };
        let mut cases: Vec<Vec<u8>> = vec![vec![], vec![9], vec![9; 100_000]];
        cases.push((0..60_000).map(|_| rnd() as u8).collect());
        // Mostly index 9 with islands of a few colours, as a replay frame is.
        cases.push(
            (0..300_000)
                .map(|k| {
                    if (k / 390) % 7 == 3 && k % 390 > 100 && k % 390 < 160 {
                        (rnd() % 5) as u8 + 200
                    } else if rnd() % 500 == 0 {
                        (rnd() % 256) as u8
                    } else {
                        9
                    }
                })
                .collect(),
        );
        for mut data in cases {
            // A byte over 127 makes the gif crate pick code size 8 too; whole rows of 1,000.
            data.push(200);
            let w = data.len().clamp(1, 1000);
            data.resize(data.len().div_ceil(w) * w, 255);
            let h = data.len() / w;
            let mine = encode(&data, 9);
            let mut f = gif::Frame {
                width: w as u16,
                height: h as u16,
                buffer: std::borrow::Cow::Owned(data.clone()),
                ..gif::Frame::default()
            };
            f.make_lzw_pre_encoded();
            // The same greedy LZW: at most as long as the gif crate's (weezl forgets the
            // entry that gives a prefix its 17th successor, so it is sometimes a little longer).
            let theirs = f.buffer.as_ref();
            assert!(
                mine.len() <= theirs.len(),
                "{} > {}",
                mine.len(),
                theirs.len()
            );
            if data.len() <= 100_001 {
                assert!(
                    mine.len() + 64 >= theirs.len(),
                    "{} vs {}",
                    mine.len(),
                    theirs.len()
                );
            }
            assert!(
                decode(&mine, w as u16, h as u16) == data,
                "{} bytes",
                data.len()
            );
        }
    }
}
