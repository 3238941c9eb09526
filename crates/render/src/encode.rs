//! The board as an indexed PNG.

use crate::canvas::Palette;

/// Encode indices as an indexed PNG with the palette: rows unfiltered, deflate level 2 (the
/// size budget, 40 KiB, rules out level 1).
///
/// The rows are compressed in one call straight from one buffer (zlib-rs, as the `png` crate
/// itself uses) and written as one IDAT chunk, which spares the `png` crate's row-by-row
/// copies through its streaming writer: about an eighth of an encode. The buffers are kept
/// per thread, so that a board costs no fresh half-megabyte allocations.
pub fn encode_indexed(buf: &[u8], w: u32, h: u32, pal: &Palette) -> Vec<u8> {
    thread_local! {
        static SCRATCH: std::cell::RefCell<(Vec<u8>, Vec<u8>)> = const {
            std::cell::RefCell::new((Vec::new(), Vec::new()))
        };
    }
    SCRATCH.with_borrow_mut(|(raw, packed)| {
        raw.clear();
        raw.reserve((w as usize + 1) * h as usize);
        for row in buf.chunks_exact(w as usize) {
            // Filter type 0 (none).
            raw.push(0);
            raw.extend_from_slice(row);
        }
        packed.resize(zlib_rs::compress_bound(raw.len()), 0);
        let (data, rc) = zlib_rs::compress_slice(packed, raw, zlib_rs::DeflateConfig::new(2));
        // Compressing into a buffer of the bound's size cannot fail.
        assert_eq!(rc, zlib_rs::ReturnCode::Ok, "deflate into its bound");
        let mut out = Vec::with_capacity(data.len() + 1024);
        {
            let mut enc = png::Encoder::new(&mut out, w, h);
            enc.set_color(png::ColorType::Indexed);
            enc.set_depth(png::BitDepth::Eight);
            enc.set_palette(pal.rgb_bytes());
            // Writing into a Vec cannot fail; the header and data sizes are consistent by
            // construction.
            let mut wr = enc.write_header().expect("PNG header into a Vec");
            wr.write_chunk(png::chunk::IDAT, data)
                .expect("PNG data into a Vec");
            wr.finish().expect("PNG end into a Vec");
        }
        out
    })
}
