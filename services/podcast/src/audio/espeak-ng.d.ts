// The npm package `espeak-ng` (espeak-ng's command line compiled to WebAssembly by Emscripten, the
// voices embedded) ships no types: the part of the Emscripten module this service uses.
declare module 'espeak-ng' {
  type EmscriptenFs = {
    writeFile(path: string, data: string | Uint8Array): void;
    readFile(path: string): Uint8Array;
  };
  export type ESpeakNgModule = { FS: EmscriptenFs };
  export type ESpeakNgOptions = {
    /** The command line, without the program name; main() runs once, when the module starts. */
    arguments: string[];
    preRun?: ((module: ESpeakNgModule) => void)[];
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    /** Instantiates the program's WebAssembly (opaque objects here: Node's types have no WebAssembly). */
    instantiateWasm?: (imports: object, receive: (instance: object, module: object) => void) => object;
  };
  const ESpeakNg: (options: ESpeakNgOptions) => Promise<ESpeakNgModule>;
  export default ESpeakNg;
}
