// A real 1x1 PNG: uploads are typed by their content (file-type), which reads past the signature.
export const TINY_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fe0def46b80000000049454e44ae426082",
  "hex",
);
