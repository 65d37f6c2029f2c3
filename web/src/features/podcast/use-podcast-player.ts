import type { PodcastDto } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { clampTime, SKIP_SECONDS } from './podcast-utils';

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused';

export type PlayerState = {
  currentId: string | null;
  status: PlayerStatus;
  time: number;
  duration: number;
  rate: number;
  /** 0–100 (the element's volume is 0–1). */
  volume: number;
  /** The podcast whose audio failed; playback stopped. */
  errorId: string | null;
};

/**
 * One <audio> element for the whole page, so only one podcast plays at a time: starting another
 * replaces the source (the current one stops). The end of playback and an audio error reset to idle.
 */
export function usePodcastPlayer() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<PlayerState>({
    currentId: null,
    status: 'idle',
    time: 0,
    duration: 0,
    rate: 1,
    volume: 100,
    errorId: null,
  });
  const patch = useCallback((next: Partial<PlayerState>) => setState((s) => ({ ...s, ...next })), []);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const onTime = () => patch({ time: audio.currentTime });
    const onDuration = () => patch({ duration: Number.isFinite(audio.duration) ? audio.duration : 0 });
    const onPlay = () => patch({ status: 'playing', errorId: null });
    const onPause = () => setState((s) => (s.status === 'idle' ? s : { ...s, status: 'paused' }));
    const onWaiting = () => setState((s) => (s.status === 'playing' ? s : { ...s, status: 'loading' }));
    const onEnded = () => patch({ status: 'idle', time: 0 });
    const onError = () => {
      if (!audio.getAttribute('src')) return;
      setState((s) => ({ ...s, status: 'idle', errorId: s.currentId }));
    };
    const onRate = () => patch({ rate: audio.playbackRate });
    const events: [string, () => void][] = [
      ['timeupdate', onTime],
      ['seeked', onTime],
      ['durationchange', onDuration],
      ['loadedmetadata', onDuration],
      ['play', onPlay],
      ['playing', onPlay],
      ['pause', onPause],
      ['waiting', onWaiting],
      ['ended', onEnded],
      ['error', onError],
      ['ratechange', onRate],
    ];
    for (const [name, handler] of events) audio.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of events) audio.removeEventListener(name, handler);
    };
  }, [patch]);

  const play = useCallback(
    (podcast: PodcastDto) => {
      const audio = audioRef.current;
      if (!audio || !podcast.audio_url) return;
      // The same podcast keeps its source (a refetched list signs new URLs); a failed one reloads
      // with the fresh URL and resumes where it stopped.
      const resumeAt = state.currentId === podcast.id ? audio.currentTime : 0;
      if (state.currentId !== podcast.id || state.errorId === podcast.id || !audio.getAttribute('src')) {
        audio.pause();
        if (resumeAt > 0) {
          audio.addEventListener(
            'loadedmetadata',
            () => {
              audio.currentTime = resumeAt;
            },
            { once: true },
          );
        }
        audio.setAttribute('src', podcast.audio_url);
        audio.load();
        audio.defaultPlaybackRate = state.rate;
        audio.playbackRate = state.rate;
        audio.volume = state.volume / 100;
        setState((s) => ({
          ...s,
          currentId: podcast.id,
          status: 'loading',
          time: resumeAt,
          duration: podcast.duration_seconds ?? 0,
          errorId: null,
        }));
      }
      audio.play().catch((error: unknown) => {
        // AbortError: a newer play/pause/load took over; not an audio failure.
        if ((error as Error)?.name !== 'AbortError') {
          setState((s) => ({ ...s, status: 'idle', errorId: podcast.id }));
        }
      });
    },
    [state.currentId, state.errorId, state.rate, state.volume],
  );

  const toggle = useCallback(
    (podcast: PodcastDto) => {
      const audio = audioRef.current;
      if (
        audio &&
        state.currentId === podcast.id &&
        (state.status === 'playing' || state.status === 'loading')
      ) {
        audio.pause();
      } else {
        play(podcast);
      }
    },
    [play, state.currentId, state.status],
  );

  const seek = useCallback(
    (seconds: number) => {
      const audio = audioRef.current;
      if (!audio) return;
      audio.currentTime = clampTime(seconds, audio.duration);
      patch({ time: audio.currentTime });
    },
    [patch],
  );

  const skip = useCallback(
    (direction: 1 | -1) => {
      const audio = audioRef.current;
      if (audio) seek(audio.currentTime + direction * SKIP_SECONDS);
    },
    [seek],
  );

  const setRate = useCallback(
    (rate: number) => {
      const audio = audioRef.current;
      if (audio) {
        audio.defaultPlaybackRate = rate;
        audio.playbackRate = rate;
      }
      patch({ rate });
    },
    [patch],
  );

  const setVolume = useCallback(
    (volume: number) => {
      const audio = audioRef.current;
      if (audio) audio.volume = Math.min(1, Math.max(0, volume / 100));
      patch({ volume });
    },
    [patch],
  );

  return { audioRef, state, play, toggle, seek, skip, setRate, setVolume };
}

export type PodcastPlayer = ReturnType<typeof usePodcastPlayer>;
