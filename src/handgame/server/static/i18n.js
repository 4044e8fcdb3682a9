// The UI's words in English, Arabic and Persian; the language follows the browser and can be
// switched (kept in localStorage). Arabic and Persian pages are laid out right to left.

const WORDS = {
  en: {
    title: "Hand",
    language: "Language",
    lobby: "New table",
    preset: "Rules",
    rounds: "Rounds",
    rounds_default: "preset's",
    players: "Players",
    partnership: "Partnership (two teams of two)",
    seat: "Seat {n}",
    human: "Human",
    bot: "Bot",
    name: "Name",
    create: "Create table",
    invites: "Invite links",
    copy: "Copy",
    copied: "Copied",
    open_seat: "Play seat {n}",
    watch: "Watch",
    your_hand: "Your hand",
    sort_suit: "Sort by suit",
    sort_rank: "Sort by rank",
    melds: "Melds",
    no_melds: "No melds yet",
    discard_pile: "Discard pile",
    stock: "Stock",
    stock_count: "{n} cards",
    indicator: "Indicator",
    wild: "Wild",
    joker_as: "Joker stands for",
    scores: "Scores",
    team: "Team {n}",
    log: "Log",
    round: "Round {n}",
    turn_of: "{name} to play",
    your_turn: "Your turn",
    timer: "{s} s",
    cards_n: "{n} cards",
    opened: "opened",
    away: "away",
    offline: "offline",
    announced: "announced",
    draw_stock: "Draw from stock",
    draw_discard: "Take the discard",
    meld: "Meld selected",
    meld_as: "Meld {cards}",
    add: "Add {card} to meld {m}",
    add_end: "Add {card} to meld {m} ({end})",
    swap: "Swap for the wild in meld {m}",
    discard: "Discard {card}",
    discard_silent: "Discard {card} without announcing",
    redeal: "Claim a redeal",
    hint: "Hint",
    hint_none: "No hint: it is not your turn",
    select_hint: "Select cards to meld, or one card to add or discard.",
    stands_for: "stands for {card}",
    act_draw_stock: "{name} drew from the stock",
    act_draw_discard: "{name} took {card}",
    act_meld: "{name} laid {melds}",
    act_add: "{name} added {card} to meld {m}",
    act_swap: "{name} swapped {cards} for the wild in meld {m}",
    act_discard: "{name} discarded {card}",
    act_redeal: "{name} claimed a redeal",
    round_over: "Round {n} is over",
    round_void: "Round {n} was void ({reason})",
    won_round: "{name} went out",
    penalty: "Cards left",
    points: "Points",
    total: "Total",
    match_over: "The match is over",
    winner: "Winner: {name}",
    close: "Close",
    replay: "Replay",
    connecting: "Connecting…",
    disconnected: "Disconnected; reconnecting…",
    spectator: "Watching",
    error: "Not done: {message}",
    step: "Step {n} of {m}",
    first: "First",
    prev: "Back",
    next: "Forward",
    last: "Last",
    not_finished: "This match is not finished yet.",
    why_not: "Not allowed now: the server tells why",
    err_not_your_turn: "It is not your turn",
    err_stale: "The table changed meanwhile: look again and choose",
    err_spectator: "A spectator cannot play",
    err_rate_limited: "Too many messages: slow down",
    err_too_large: "The message is too large",
    err_malformed: "The server could not read this action",
    err_bad_token: "This link holds no seat at this table",
    err_unknown_table: "There is no such table",
    rule_L4: "It is another player's turn",
    rule_L11: "A run is 3 or more consecutive cards of one suit; the ace is high or low, never in the middle",
    rule_L12: "A set is 3 or 4 cards of one rank, all of different suits",
    rule_L23: "A meld holds at most one wild card",
    rule_L40: "A wild card is taken from a meld only by putting the natural card it stands for in its place",
    rule_L42: "Melds are never rearranged: the card does not fit there",
    rule_L44: "A single missing card may be added to a pair and a wild only when going out or when a player is left with one card",
    rule_L52: "A redeal is claimed only before the round's first discard, with four identical pairs",
    rule_L60: "The first player opens the round by discarding a card",
    rule_L61: "A turn starts with a draw, from the stock or the discard pile, and ends with a discard",
    rule_L62: "The top discard may be taken only to lay it at once in a new meld with at least two cards from your hand; otherwise draw from the stock",
    rule_L63: "Your first laying-down in a round must reach the opening minimum (51 points)",
    rule_L64: "Before opening you may add to melds or take wild cards only when going out this turn",
    rule_L65: "A turn always ends with a discard: keep a card to discard",
    rule_L66: "A discarded wild card taken from the pile plays only as a natural card (a joker only as an ace)",
    rule_L67: "No player may go out before every player has completed one turn",
    rule_L71: "A player who did not announce three cards or fewer may not go out on the next turn",
    rule_L81: "The stock is empty",
    rule_L90: "The match is over",
    hint_not_turn: "It is not your turn",
    hint_draw_stock: "Draw from the stock",
    hint_take: "Take the discard: it makes a meld",
    hint_open: "Open with these melds",
    hint_cannot_open: "You cannot open yet: keep building (L-63)",
    hint_lay: "Lay these melds",
    hint_add: "Add this card to a meld",
    hint_discard: "Discard this card",
    hint_go_out: "You can go out this turn",
  },
  ar: {
    title: "هند",
    language: "اللغة",
    lobby: "طاولة جديدة",
    preset: "القواعد",
    rounds: "الجولات",
    rounds_default: "حسب القواعد",
    players: "اللاعبون",
    partnership: "شراكة (فريقان من اثنين)",
    seat: "المقعد {n}",
    human: "إنسان",
    bot: "حاسوب",
    name: "الاسم",
    create: "أنشئ الطاولة",
    invites: "روابط الدعوة",
    copy: "انسخ",
    copied: "نُسخ",
    open_seat: "العب في المقعد {n}",
    watch: "شاهد",
    your_hand: "أوراقك",
    sort_suit: "رتّب حسب النوع",
    sort_rank: "رتّب حسب القيمة",
    melds: "المجموعات",
    no_melds: "لا مجموعات بعد",
    discard_pile: "الأوراق المرمية",
    stock: "الكومة",
    stock_count: "{n} ورقة",
    indicator: "الورقة الدالّة",
    wild: "الجوكر",
    joker_as: "الجوكر يساوي",
    scores: "النقاط",
    team: "الفريق {n}",
    log: "السجل",
    round: "الجولة {n}",
    turn_of: "دور {name}",
    your_turn: "دورك",
    timer: "{s} ث",
    cards_n: "{n} ورقة",
    opened: "نزل",
    away: "غائب",
    offline: "غير متصل",
    announced: "أعلن",
    draw_stock: "اسحب من الكومة",
    draw_discard: "خذ الورقة المرمية",
    meld: "انزل المحدد",
    meld_as: "انزل {cards}",
    add: "أضف {card} إلى المجموعة {m}",
    add_end: "أضف {card} إلى المجموعة {m} ({end})",
    swap: "بدّل الجوكر في المجموعة {m}",
    discard: "ارمِ {card}",
    discard_silent: "ارمِ {card} دون إعلان",
    redeal: "اطلب إعادة التوزيع",
    hint: "تلميح",
    hint_none: "لا تلميح: ليس دورك",
    select_hint: "اختر أوراقًا لتنزلها، أو ورقة لتضيفها أو ترميها.",
    stands_for: "تساوي {card}",
    act_draw_stock: "{name} سحب من الكومة",
    act_draw_discard: "{name} أخذ {card}",
    act_meld: "{name} نزل {melds}",
    act_add: "{name} أضاف {card} إلى المجموعة {m}",
    act_swap: "{name} بدّل {cards} بالجوكر في المجموعة {m}",
    act_discard: "{name} رمى {card}",
    act_redeal: "{name} طلب إعادة التوزيع",
    round_over: "انتهت الجولة {n}",
    round_void: "أُلغيت الجولة {n} ({reason})",
    won_round: "{name} خلّص",
    penalty: "الأوراق الباقية",
    points: "النقاط",
    total: "المجموع",
    match_over: "انتهت المباراة",
    winner: "الفائز: {name}",
    close: "أغلق",
    replay: "إعادة العرض",
    connecting: "جارٍ الاتصال…",
    disconnected: "انقطع الاتصال؛ نعيد المحاولة…",
    spectator: "مشاهدة",
    error: "لم يتم: {message}",
    step: "الخطوة {n} من {m}",
    first: "الأولى",
    prev: "رجوع",
    next: "تقدّم",
    last: "الأخيرة",
    not_finished: "هذه المباراة لم تنتهِ بعد.",
    why_not: "غير مسموح الآن: سيشرح الخادم السبب",
    err_not_your_turn: "ليس دورك",
    err_stale: "تغيّرت الطاولة في الأثناء: انظر مجددًا واختر",
    err_spectator: "المشاهد لا يلعب",
    err_rate_limited: "رسائل كثيرة جدًا: تمهّل",
    err_too_large: "الرسالة كبيرة جدًا",
    err_malformed: "تعذّر على الخادم قراءة هذه الحركة",
    err_bad_token: "هذا الرابط لا يخص أي مقعد في هذه الطاولة",
    err_unknown_table: "لا توجد طاولة كهذه",
    rule_L4: "الدور للاعب آخر",
    rule_L11: "المتتالية ثلاث أوراق أو أكثر متتالية من نوع واحد، والآص في أولها أو آخرها لا في وسطها",
    rule_L12: "المجموعة المتشابهة ثلاث أو أربع أوراق من قيمة واحدة وكلها من أنواع مختلفة",
    rule_L23: "لا تحمل المجموعة أكثر من جوكر واحد",
    rule_L40: "لا يؤخذ الجوكر من مجموعة إلا بوضع الورقة الطبيعية التي يمثلها مكانه",
    rule_L42: "لا يُعاد ترتيب المجموعات: الورقة لا تناسب هذا المكان",
    rule_L44: "لا تُضاف ورقة واحدة ناقصة إلى زوج مع جوكر إلا عند التخليص أو حين يبقى مع لاعب ورقة واحدة",
    rule_L52: "تُطلب إعادة التوزيع قبل أول ورقة مرمية فقط، ومع أربعة أزواج متطابقة",
    rule_L60: "يبدأ اللاعب الأول الجولة برمي ورقة",
    rule_L61: "يبدأ الدور بسحب ورقة من الكومة أو من الأوراق المرمية وينتهي برمي ورقة",
    rule_L62: "لا تُؤخذ الورقة المرمية إلا لتنزلها في الدور نفسه في مجموعة جديدة مع ورقتين على الأقل من يدك؛ وإلا فاسحب من الكومة",
    rule_L63: "يجب أن يبلغ نزولك الأول في الجولة الحد الأدنى للنزول (51 نقطة)",
    rule_L64: "قبل النزول لا تجوز الإضافة إلى المجموعات ولا أخذ الجوكر إلا إذا خلّصت في هذا الدور",
    rule_L65: "ينتهي الدور دائمًا برمي ورقة: أبقِ ورقة لترميها",
    rule_L66: "الجوكر المرمي المأخوذ من الأوراق المرمية يُلعب كورقة طبيعية فقط (والجوكر كآص فقط)",
    rule_L67: "لا يجوز لأحد أن يخلّص قبل أن يُكمل كل لاعب دورًا واحدًا",
    rule_L71: "من لم يعلن أن معه ثلاث أوراق أو أقل لا يجوز له أن يخلّص في دوره التالي",
    rule_L81: "نفدت الكومة",
    rule_L90: "انتهت المباراة",
    hint_not_turn: "ليس دورك",
    hint_draw_stock: "اسحب من الكومة",
    hint_take: "خذ الورقة المرمية: تكمل لك مجموعة",
    hint_open: "انزل بهذه المجموعات",
    hint_cannot_open: "لا يمكنك النزول بعد: واصل البناء (L-63)",
    hint_lay: "انزل هذه المجموعات",
    hint_add: "أضف هذه الورقة إلى مجموعة",
    hint_discard: "ارمِ هذه الورقة",
    hint_go_out: "يمكنك أن تخلّص في هذا الدور",
  },
  fa: {
    title: "هند",
    language: "زبان",
    lobby: "میز تازه",
    preset: "قوانین",
    rounds: "دورها",
    rounds_default: "مطابق قوانین",
    players: "بازیکنان",
    partnership: "دو تیم دونفره",
    seat: "صندلی {n}",
    human: "انسان",
    bot: "ربات",
    name: "نام",
    create: "ساختن میز",
    invites: "پیوندهای دعوت",
    copy: "رونوشت",
    copied: "رونوشت شد",
    open_seat: "بازی در صندلی {n}",
    watch: "تماشا",
    your_hand: "دست شما",
    sort_suit: "مرتب‌سازی بر پایهٔ خال",
    sort_rank: "مرتب‌سازی بر پایهٔ ارزش",
    melds: "دسته‌ها",
    no_melds: "هنوز دسته‌ای نیست",
    discard_pile: "کارت‌های دورریخته",
    stock: "دسته کارت",
    stock_count: "{n} کارت",
    indicator: "کارت نشانگر",
    wild: "جوکر",
    joker_as: "جوکر به جای",
    scores: "امتیازها",
    team: "تیم {n}",
    log: "گزارش",
    round: "دور {n}",
    turn_of: "نوبت {name}",
    your_turn: "نوبت شما",
    timer: "{s} ثانیه",
    cards_n: "{n} کارت",
    opened: "باز کرده",
    away: "غایب",
    offline: "آفلاین",
    announced: "اعلام کرد",
    draw_stock: "برداشتن از دسته",
    draw_discard: "برداشتن کارت دورریخته",
    meld: "گذاشتن کارت‌های انتخاب‌شده",
    meld_as: "گذاشتن {cards}",
    add: "افزودن {card} به دستهٔ {m}",
    add_end: "افزودن {card} به دستهٔ {m} ({end})",
    swap: "جابه‌جایی با جوکرِ دستهٔ {m}",
    discard: "دور انداختن {card}",
    discard_silent: "دور انداختن {card} بی‌اعلام",
    redeal: "درخواست پخش دوباره",
    hint: "راهنمایی",
    hint_none: "راهنمایی نیست: نوبت شما نیست",
    select_hint: "کارت‌هایی را برای دسته انتخاب کنید، یا یک کارت برای افزودن یا دور انداختن.",
    stands_for: "به جای {card}",
    act_draw_stock: "{name} از دسته برداشت",
    act_draw_discard: "{name} {card} را برداشت",
    act_meld: "{name} گذاشت: {melds}",
    act_add: "{name} {card} را به دستهٔ {m} افزود",
    act_swap: "{name} {cards} را با جوکرِ دستهٔ {m} عوض کرد",
    act_discard: "{name} {card} را دور انداخت",
    act_redeal: "{name} پخش دوباره خواست",
    round_over: "دور {n} تمام شد",
    round_void: "دور {n} باطل شد ({reason})",
    won_round: "{name} تمام کرد",
    penalty: "کارت‌های مانده",
    points: "امتیاز",
    total: "جمع",
    match_over: "بازی تمام شد",
    winner: "برنده: {name}",
    close: "بستن",
    replay: "بازپخش",
    connecting: "در حال اتصال…",
    disconnected: "اتصال قطع شد؛ تلاش دوباره…",
    spectator: "تماشاگر",
    error: "انجام نشد: {message}",
    step: "گام {n} از {m}",
    first: "نخست",
    prev: "پیشین",
    next: "پسین",
    last: "واپسین",
    not_finished: "این بازی هنوز تمام نشده است.",
    why_not: "اکنون مجاز نیست: سرور دلیلش را می‌گوید",
    err_not_your_turn: "نوبت شما نیست",
    err_stale: "میز در این میان تغییر کرد: دوباره نگاه کنید و انتخاب کنید",
    err_spectator: "تماشاگر نمی‌تواند بازی کند",
    err_rate_limited: "پیام‌ها بیش از اندازه است: آهسته‌تر",
    err_too_large: "پیام بیش از اندازه بزرگ است",
    err_malformed: "سرور نتوانست این حرکت را بخواند",
    err_bad_token: "این پیوند به هیچ صندلی این میز تعلق ندارد",
    err_unknown_table: "چنین میزی وجود ندارد",
    rule_L4: "نوبت بازیکن دیگری است",
    rule_L11: "ردیف سه کارت یا بیشتر پشت سر هم از یک خال است؛ آس در آغاز یا پایان می‌آید، نه در میان",
    rule_L12: "دستهٔ هم‌ارزش سه یا چهار کارت از یک ارزش است، همه با خال‌های متفاوت",
    rule_L23: "هر دسته حداکثر یک جوکر دارد",
    rule_L40: "جوکر را فقط با گذاشتن کارت طبیعی‌ای که به جایش آمده می‌توان از دسته برداشت",
    rule_L42: "دسته‌ها هرگز از نو چیده نمی‌شوند: این کارت آنجا جا نمی‌گیرد",
    rule_L44: "یک کارتِ کم را فقط هنگام تمام کردن یا وقتی بازیکنی یک کارت دارد می‌توان به جفت با جوکر افزود",
    rule_L52: "پخش دوباره را فقط پیش از نخستین کارت دورریخته و با چهار جفت یکسان می‌توان خواست",
    rule_L60: "بازیکن نخست دور را با دور انداختن یک کارت آغاز می‌کند",
    rule_L61: "هر نوبت با برداشتن یک کارت از دسته یا از کارت‌های دورریخته آغاز می‌شود و با دور انداختن یک کارت پایان می‌یابد",
    rule_L62: "کارت رویی دورریخته را فقط وقتی می‌توان برداشت که در همین نوبت با دست‌کم دو کارت از دست خود در دسته‌ای تازه بگذارید؛ وگرنه از دسته بردارید",
    rule_L63: "نخستین گذاشتن شما در هر دور باید به حداقلِ باز کردن (۵۱ امتیاز) برسد",
    rule_L64: "پیش از باز کردن، افزودن به دسته‌ها یا برداشتن جوکر فقط وقتی رواست که در همین نوبت تمام کنید",
    rule_L65: "هر نوبت با دور انداختن یک کارت تمام می‌شود: یک کارت برای دور انداختن نگه دارید",
    rule_L66: "جوکرِ دورریخته‌ای که برداشته شده فقط به‌عنوان کارت طبیعی بازی می‌شود (جوکر تنها به‌جای آس)",
    rule_L67: "هیچ بازیکنی پیش از آنکه همه یک نوبت بازی کرده باشند نمی‌تواند تمام کند",
    rule_L71: "بازیکنی که داشتن سه کارت یا کمتر را اعلام نکرده، در نوبت بعد نمی‌تواند تمام کند",
    rule_L81: "دسته کارت تمام شده است",
    rule_L90: "بازی تمام شده است",
    hint_not_turn: "نوبت شما نیست",
    hint_draw_stock: "از دسته بردارید",
    hint_take: "کارت دورریخته را بردارید: با آن دسته‌ای کامل می‌شود",
    hint_open: "با این دسته‌ها باز کنید",
    hint_cannot_open: "هنوز نمی‌توانید باز کنید: به ساختن ادامه دهید (L-63)",
    hint_lay: "این دسته‌ها را بگذارید",
    hint_add: "این کارت را به یک دسته بیفزایید",
    hint_discard: "این کارت را دور بیندازید",
    hint_go_out: "در این نوبت می‌توانید تمام کنید",
  },
};

export const LANGUAGES = { en: "English", ar: "العربية", fa: "فارسی" };
const RTL = new Set(["ar", "fa"]);
const KEY = "hand.lang";

export let lang = "en";

function pick() {
  let stored = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch (e) {
    stored = null;
  }
  if (stored && WORDS[stored]) return stored;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (WORDS[base]) return base;
  }
  return "en";
}

/** The word `key` in the current language, with `{name}` placeholders filled in. */
export function t(key, vars = {}) {
  const text = (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
}

function apply() {
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL.has(lang) ? "rtl" : "ltr";
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
}

/** Set the language from storage or the browser; fill the selector; call `onChange` on a switch. */
export function setupLanguage(onChange) {
  lang = pick();
  apply();
  const select = document.getElementById("lang");
  if (select) {
    select.replaceChildren();
    for (const [code, label] of Object.entries(LANGUAGES)) {
      const o = document.createElement("option");
      o.value = code;
      o.textContent = label;
      o.selected = code === lang;
      select.append(o);
    }
    select.addEventListener("change", () => {
      lang = select.value;
      try {
        localStorage.setItem(KEY, lang);
      } catch (e) {
        /* private mode: not kept */
      }
      apply();
      if (onChange) onChange();
    });
  }
}

/** An element with text content and attributes. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** A player's name, isolated from the text around it (right-to-left or not). */
export function bdi(name) {
  return el("bdi", {}, name);
}

const RULE_ID = /\b[A-Z]-\d+\b/g;

/**
 * A server `error` message in the current language: for Arabic and Persian, a sentence for its
 * code (stale, not your turn…) or for its rule id (the message's `rules`, or the id at the start
 * of its text, else the first one in it), with the rule id kept and the server's English
 * message below it; the English message alone when there is no such sentence.
 */
export function errorText(m) {
  const message = String(m.message || "");
  const lead = message.match(/^\s*([A-Z]-\d+)\b/);
  const ids = Array.isArray(m.rules) && m.rules.length ? m.rules : message.match(RULE_ID) || [];
  const id = lead ? lead[1] : ids[0] || null;
  let key = null;
  if (m.code && m.code !== "illegal" && WORDS.en[`err_${m.code}`]) key = `err_${m.code}`;
  else if (id && WORDS.en[`rule_${id.replace("-", "")}`]) key = `rule_${id.replace("-", "")}`;
  if (lang === "en" || key === null || !WORDS[lang][key]) {
    return el("span", { "data-error": m.code || "" }, t("error", { message }));
  }
  return el("span", { "data-error": m.code || "", "data-rule": id || "" },
    t("error", { message: t(key) }),
    id ? [" ", el("bdi", { class: "rule", dir: "ltr" }, `(${id})`)] : null,
    el("small", { class: "detail", lang: "en", dir: "ltr" }, message));
}

// The engine's hint lines (English, handgame.hints) by how they start
const HINTS = [
  [/^It is not your turn/, "hint_not_turn"],
  [/^Draw from the stock/, "hint_draw_stock"],
  [/^Take the discard/, "hint_take"],
  [/^Open with/, "hint_open"],
  [/^You cannot open yet/, "hint_cannot_open"],
  [/^Lay /, "hint_lay"],
  [/^Add /, "hint_add"],
  [/^(Then d|D)iscard /, "hint_discard"],
  [/^You can go out/, "hint_go_out"],
];

/**
 * One line of the server's hint: in Arabic and Persian a sentence for the kind of advice, with
 * the English line (which names the cards) below it; the English line alone otherwise.
 */
export function hintLine(line) {
  const found = HINTS.find(([re]) => re.test(line));
  if (lang === "en" || !found || !WORDS[lang][found[1]]) {
    return el("p", { lang: "en", dir: "ltr" }, line);
  }
  return el("p", { "data-hint": found[1] }, t(found[1]),
    el("small", { class: "detail", lang: "en", dir: "ltr" }, line));
}

/** Like `t`, as nodes: a placeholder's value may be a node (a `<bdi>` name, a card). */
export function tn(key, vars = {}) {
  const text = t(key, {});
  const out = [];
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    out.push(text.slice(last, m.index));
    const v = vars[m[1]];
    out.push(v instanceof Node ? v : String(v ?? m[0]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return el("span", {}, out);
}
