// Runs in a worker thread (see audio-workers.ts): the CPU-bound audio steps that need no program on
// the PATH, so a long podcast never holds the service's event loop.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ESpeakNgModule, ESpeakNgOptions } from 'espeak-ng';
import { parseWav } from './wav.ts';

export type SpeakTask = { text: string; voice: string; rate: number; outFile: string };
export type SpeakResult = { sampleRate: number; samples: number };
export type EncodeTask = { chunks: string[]; outFile: string; bitrateKbps: number };
export type EncodeResult = { durationSeconds: number; samples: number };
export type AudioTask = ({ kind: 'speak' } & SpeakTask) | ({ kind: 'encode' } & EncodeTask);

/**
 * The one entry Piscina calls (a default export: from TypeScript sources, under tsx, Piscina finds a
 * module's default export but not its named ones).
 */
export default function runAudioTask(task: AudioTask): Promise<SpeakResult | EncodeResult> {
  return task.kind === 'speak' ? speak(task).finally(releaseInstances) : encodeWavs(task);
}

type Factory = (options: ESpeakNgOptions) => Promise<ESpeakNgModule>;
// Node's types (lib ES2023, no DOM) do not declare WebAssembly: the two calls used, on opaque objects.
type WasmApi = {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<object>;
};
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
let engine: Promise<{ factory: Factory; module: object }> | undefined;
/** globalThis's own properties before espeak-ng's first instance (see releaseInstances). */
let globalsBefore: Set<string> | undefined;

/**
 * The npm package's espeak-ng (voices embedded in its 18 MB .wasm), compiled once per thread. Its
 * program is espeak-ng's command line, whose main() runs once per instance: each text gets a fresh
 * instance of the compiled module (32 MB of WebAssembly memory, freed with it).
 */
function loadEngine() {
  engine ??= (async () => {
    globalsBefore ??= new Set(Object.getOwnPropertyNames(globalThis));
    const entry = createRequire(import.meta.url).resolve('espeak-ng');
    const [{ default: factory }, bytes] = await Promise.all([
      import(pathToFileURL(entry).href) as Promise<{ default: Factory }>,
      readFile(path.join(path.dirname(entry), 'espeak-ng.wasm')),
    ]);
    return { factory, module: await wasm.compile(bytes) };
  })();
  return engine;
}

/** Text → a 16-bit mono WAV file at outFile (the caller names a temporary file and renames it). */
export async function speak(task: SpeakTask): Promise<SpeakResult> {
  const { factory, module } = await loadEngine();
  const messages: string[] = [];
  let failInstantiate: (error: unknown) => void = () => {};
  const instantiateFailed = new Promise<never>((_, reject) => {
    failInstantiate = reject;
  });
  // The text goes in a file, so a script line that starts with "-" is never read as an option.
  const args = [
    '-v',
    task.voice,
    '-s',
    String(task.rate),
    '-b',
    '1',
    '-f',
    '/input.txt',
    '-w',
    '/output.wav',
  ];
  const instance = await Promise.race([
    factory({
      arguments: args,
      preRun: [(m) => m.FS.writeFile('/input.txt', task.text)],
      print: (line) => messages.push(line),
      printErr: (line) => messages.push(line),
      instantiateWasm: (imports, receive) => {
        wasm.instantiate(module, imports).then((created) => receive(created, module), failInstantiate);
        return {};
      },
    }),
    instantiateFailed,
  ]);
  let wav: Uint8Array;
  try {
    wav = instance.FS.readFile('/output.wav');
  } catch {
    throw new Error(
      `espeak-ng (WebAssembly) wrote no audio: ${messages.join(' ').slice(0, 300) || 'no message'}`,
    );
  }
  const pcm = parseWav(Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength));
  if (pcm.samples.length === 0) throw new Error('espeak-ng (WebAssembly) produced no samples');
  await writeFile(task.outFile, wav);
  return { sampleRate: pcm.sampleRate, samples: pcm.samples.length };
}

/** 16-bit mono WAV chunks, in order → one MP3 at outFile, with the JavaScript encoder (lamejs). */
export async function encodeWavs(task: EncodeTask): Promise<EncodeResult> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  let encoder: InstanceType<typeof Mp3Encoder> | undefined;
  let sampleRate = 0;
  let total = 0;
  const out: Uint8Array[] = [];
  // lamejs takes one MPEG frame's worth of samples at a time.
  const BLOCK = 1152;
  for (const chunk of task.chunks) {
    const pcm = parseWav(await readFile(chunk));
    if (pcm.channels !== 1) throw new Error('Only mono speech chunks can be encoded without ffmpeg');
    if (!encoder) {
      sampleRate = pcm.sampleRate;
      encoder = new Mp3Encoder(1, sampleRate, task.bitrateKbps);
    } else if (pcm.sampleRate !== sampleRate) {
      throw new Error('Speech chunks have different sample rates');
    }
    for (let i = 0; i < pcm.samples.length; i += BLOCK) {
      const frame = encoder.encodeBuffer(pcm.samples.subarray(i, i + BLOCK));
      if (frame.length > 0) out.push(frame);
    }
    total += pcm.samples.length;
  }
  const tail = encoder?.flush();
  if (tail && tail.length > 0) out.push(tail);
  await writeFile(
    task.outFile,
    Buffer.concat(out.map((part) => Buffer.from(part.buffer, part.byteOffset, part.length))),
  );
  return { durationSeconds: sampleRate ? total / sampleRate : 0, samples: total };
}

/**
 * Each text's instance holds 32 MB of WebAssembly memory or more, freed only once V8 collects the
 * instance. The package is a debug build of Emscripten: each instance defines getters on globalThis
 * (`buffer`, `asm`, the library symbols it lacks) that warn when read, and whose closures hold that
 * instance and its memory, two or three of them at a time, about 80 MiB. Those getters go once a text
 * is spoken, and one full collection of this thread's small heap (a few milliseconds, against the
 * hundreds a chunk takes to speak) frees the instance before the next is made. The collector comes
 * from a throwaway context with --expose-gc on only for that call, as at a service's start.
 */
function releaseInstances(): void {
  for (const name of globalsBefore ? Object.getOwnPropertyNames(globalThis) : []) {
    if (globalsBefore?.has(name)) continue;
    const property = Object.getOwnPropertyDescriptor(globalThis, name);
    if (property?.configurable && property.get) Reflect.deleteProperty(globalThis, name);
  }
  v8.setFlagsFromString('--expose-gc');
  try {
    (runInNewContext('gc') as (() => void) | undefined)?.();
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}
