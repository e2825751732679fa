// The part of cli-progress 3 the bench uses (the package ships no types).
declare module 'cli-progress' {
  export interface Options {
    format?: string;
    hideCursor?: boolean;
    clearOnComplete?: boolean;
    stopOnComplete?: boolean;
    barsize?: number;
    fps?: number;
    stream?: NodeJS.WritableStream;
    noTTYOutput?: boolean;
  }
  export interface Preset {
    barCompleteChar: string;
    barIncompleteChar: string;
  }
  export class SingleBar {
    constructor(options: Options, preset?: Preset);
    start(total: number, start: number, payload?: Record<string, unknown>): void;
    update(value: number, payload?: Record<string, unknown>): void;
    stop(): void;
  }
  export const Presets: {
    shades_classic: Preset;
    shades_grey: Preset;
    rect: Preset;
    legacy: Preset;
  };
  const cliProgress: { SingleBar: typeof SingleBar; Presets: typeof Presets };
  export default cliProgress;
}
