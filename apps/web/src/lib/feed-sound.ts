/**
 * The live feed's alert sound (docs/architecture.md "Live feed"): a short beep made with Web Audio
 * (no file to load), on unless muted in the settings; the choice is kept in localStorage.
 */
import { useSyncExternalStore } from 'react';

export const FEED_SOUND_KEY = 'feedSound';
const listeners = new Set<() => void>();

export const isFeedSoundOn = (): boolean => {
  try {
    return localStorage.getItem(FEED_SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
};

export const setFeedSound = (on: boolean): void => {
  try {
    localStorage.setItem(FEED_SOUND_KEY, on ? 'on' : 'off');
  } catch {
    /* storage unavailable: the choice lasts this page only */
  }
  for (const l of listeners) l();
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useFeedSound = (): [boolean, (on: boolean) => void] => [
  useSyncExternalStore(subscribe, isFeedSoundOn, () => true),
  setFeedSound,
];

let context: AudioContext | undefined;

/** Plays the alert unless muted; browsers may refuse sound before the user has interacted (ignored). */
export function playFeedSound(): void {
  if (!isFeedSoundOn()) return;
  try {
    const Ctor =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    context ??= new Ctor();
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = 'sine';
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.25);
    osc.connect(gain).connect(context.destination);
    osc.start();
    osc.stop(context.currentTime + 0.25);
    document.documentElement.dataset.feedSound = String(Date.now());
  } catch {
    /* no audio */
  }
}

/** How often the alert repeats while new orders wait to be accepted. */
export const ACCEPT_ALARM_MS = 15_000;

/** The repeated alert of orders waiting to be accepted: the beep and, where the device can, a vibration. */
export function playAcceptAlarm(): void {
  playFeedSound();
  if (!isFeedSoundOn()) return;
  try {
    navigator.vibrate?.([200, 100, 200]);
  } catch {
    /* no vibration */
  }
}
