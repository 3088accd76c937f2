// A 16×16 favicon.ico written from code (one 32-bit BMP image in an ICO container), so /favicon.ico exists without a
// binary file in the repository: a blue square with a white "L".
export function faviconIco() {
  const size = 16;
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const row = size - 1 - y; // BMP rows run bottom-up
      const letter = (x >= 5 && x <= 6 && y >= 3 && y <= 12) || (y >= 11 && y <= 12 && x >= 5 && x <= 11);
      const at = (row * size + x) * 4;
      pixels.set(letter ? [255, 255, 255, 255] : [0xd4, 0x44, 0x00, 255], at); // BGRA: #0044D4
    }
  }
  const mask = Buffer.alloc(size * 4); // AND mask: all opaque (rows padded to 32 bits)
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(size, 4);
  header.writeInt32LE(size * 2, 8); // height covers image and mask
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  header.writeUInt32LE(pixels.length + mask.length, 20);
  const image = Buffer.concat([header, pixels, mask]);
  const dir = Buffer.alloc(6 + 16);
  dir.writeUInt16LE(1, 2); // type: icon
  dir.writeUInt16LE(1, 4); // one image
  dir.writeUInt8(size, 6);
  dir.writeUInt8(size, 7);
  dir.writeUInt16LE(1, 10);
  dir.writeUInt16LE(32, 12);
  dir.writeUInt32LE(image.length, 14);
  dir.writeUInt32LE(dir.length, 18);
  return Buffer.concat([dir, image]);
}
