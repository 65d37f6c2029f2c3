/**
 * Tiny but valid audio files, so code that stores or probes what a speech API returned
 * gets real bytes without a TTS engine.
 */

/** `seconds` of silence as 16-bit mono PCM WAV. */
export function silentWav(seconds = 0.25, sampleRate = 24_000): Buffer {
  const dataSize = Math.round(seconds * sampleRate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataSize, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataSize, 40);
  return Buffer.concat([header, Buffer.alloc(dataSize)]);
}

/**
 * Silent MPEG-1 Layer III frames (32 kbit/s, 44.1 kHz, mono). A zeroed side-info block
 * means "no audio data", which decoders play as silence; each frame lasts 1152 samples.
 */
export function silentMp3(frames = 20): Buffer {
  const frameLength = Math.floor((144 * 32_000) / 44_100); // 104 bytes, no padding
  const frame = Buffer.alloc(frameLength);
  frame.set([0xff, 0xfb, 0x10, 0xc0]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}
