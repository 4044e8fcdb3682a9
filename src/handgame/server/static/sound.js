// Optional sounds (off by default; the choice is kept in this browser): a soft click for a card
// moved, a chime for your turn. Made with Web Audio, no files.
const KEY = "hand.sound";
let on = false;
let audio = null;

function tone(freq, length, gain = 0.05) {
  if (!audio) audio = new AudioContext();
  const osc = audio.createOscillator();
  const amp = audio.createGain();
  osc.frequency.value = freq;
  amp.gain.setValueAtTime(gain, audio.currentTime);
  amp.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + length);
  osc.connect(amp).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + length);
}

/** Plays the sound of an event ("card", "turn") when sounds are on. */
export function sound(kind) {
  if (!on) return;
  try {
    if (kind === "turn") {
      tone(660, 0.25);
      setTimeout(() => tone(880, 0.3), 120);
    } else {
      tone(220, 0.06, 0.04);
    }
  } catch (e) {
    /* no audio here */
  }
}

/** The Sound button: on or off (off by default). */
export function setupSound() {
  const button = document.getElementById("sound");
  try {
    on = localStorage.getItem(KEY) === "on";
  } catch (e) {
    on = false;
  }
  const show = () => button.setAttribute("aria-pressed", on ? "true" : "false");
  show();
  button.addEventListener("click", () => {
    on = !on;
    try {
      localStorage.setItem(KEY, on ? "on" : "off");
    } catch (e) {
      /* private mode */
    }
    show();
    sound("turn");
  });
}
