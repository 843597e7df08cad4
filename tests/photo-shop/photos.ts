/**
 * Photo-like test pictures made with sharp: a seeded scene of soft light, blocks with edges
 * (cabinets, worktops) and film grain, so they compress as photographs do (a 4,000 px JPEG of
 * a few MB), not as flat drawings. The same seed gives the same bytes.
 */
import sharp from 'sharp';

/** A small PRNG (mulberry32): deterministic pictures from a seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A JPEG `width` x `height` px. */
export async function photoJpeg(width: number, height: number, seed: number): Promise<Buffer> {
  const r = random(seed);
  // The scene at a quarter of the size: gradient light, a dozen blocks with hard edges, texture.
  const w = Math.max(8, Math.round(width / 4));
  const h = Math.max(8, Math.round(height / 4));
  const px = Buffer.alloc(w * h * 3);
  const base = [80 + r() * 120, 70 + r() * 100, 50 + r() * 90];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const light = 0.6 + 0.5 * (1 - Math.hypot(x / w - 0.3, y / h - 0.2));
      for (let c = 0; c < 3; c++) px[(y * w + x) * 3 + c] = Math.min(255, base[c]! * light + r() * 10);
    }
  for (let i = 0; i < 14; i++) {
    const x0 = Math.floor(r() * w);
    const y0 = Math.floor(r() * h);
    const bw = Math.ceil((0.1 + r() * 0.35) * w);
    const bh = Math.ceil((0.1 + r() * 0.5) * h);
    const colour = [r() * 255, r() * 255, r() * 255];
    for (let y = y0; y < Math.min(h, y0 + bh); y++)
      for (let x = x0; x < Math.min(w, x0 + bw); x++) {
        const edge = x === x0 || y === y0 ? 0.5 : 1;
        for (let c = 0; c < 3; c++) px[(y * w + x) * 3 + c] = colour[c]! * edge * (0.8 + 0.2 * (y / h));
      }
  }
  // Texture (grain of wood and stone, sensor noise): survives the upscale as fine detail.
  for (let i = 0; i < px.length; i++) px[i] = Math.max(0, Math.min(255, px[i]! + (r() - 0.5) * 36));
  return sharp(px, { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 92 })
    .toBuffer();
}
