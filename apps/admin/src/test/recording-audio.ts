/**
 * happy-dom has no Web Audio API: a stand-in AudioContext records the frequency of every tone the real chime
 * (shared/ui/chime.ts) starts, two per chime, so a test hears what a browser would play. Stub it with
 * `vi.stubGlobal('AudioContext', RecordingAudioContext)` and empty `tones` before each test.
 */
export const tones: number[] = [];

export class RecordingAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  resume() {
    return Promise.resolve();
  }
  createOscillator() {
    const oscillator = {
      type: '',
      frequency: { value: 0 },
      connect: <T>(next: T) => next,
      start: () => tones.push(oscillator.frequency.value),
      stop: () => undefined,
    };
    return oscillator;
  }
  createGain() {
    return {
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      connect: <T>(next: T) => next,
    };
  }
}
