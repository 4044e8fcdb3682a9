// The UI's words in English, Arabic and Persian; the language follows the browser and can be
// switched (kept in localStorage). Arabic and Persian pages are laid out right to left.
// The Arabic and Persian sentences for the server's rule messages, error codes and hint kinds
// are not here: they come from the package's handgame/locale/messages.json (served at
// /locale/messages.json), which `hand play` reads too.

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
    drop_new_meld: "Drop cards here to meld",
    drop_choose: "More than one move fits: choose one below.",
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
    take_with: "Take the pile with {cards}",
    take_to: "Take the pile onto meld {m}",
    ask: "Ask partner: may I go out?",
    answer_yes: "Yes, go out",
    answer_no: "No, not yet",
    partner_asks: "{name} asks you: may they go out?",
    act_take: "{name} took the pile: {card} with {cards}",
    act_take_add: "{name} took the pile, adding {card} to meld {m}",
    act_ask: "{name} asked: may I go out?",
    act_answer_yes: "{name} answered yes",
    act_answer_no: "{name} answered no",
    end_low: "low",
    end_high: "high",
    books: "Books",
    books_n: "{clean} clean · {dirty} dirty",
    red_threes: "Red threes",
    foot_up: "on the foot",
    foot_waiting: "foot waiting",
    minimum: "Minimum {n}",
    pile_blocked: "blocked",
    pile_blocked_why: "A black three or a wild card is on top: the pile cannot be taken",
    your_team: "Your team",
    wild_is: "Wild: {card} (both)",
    wild_jokers: "Wild: the jokers",
    joker_plays: "Jokers play as {card}",
    wild_ranks: "Wild: jokers and 2s",
    wild_mark: "W = a wild card",
    last_move: "Last: {what}",
    sound: "Sound",
    show_pile: "The whole pile",
    you: "You",
    dealer: "dealer",
    never_opened: "never opened",
    clean_books: "Clean books",
    dirty_books: "Dirty books",
    red_threes_pts: "Red threes",
    went_out: "Went out",
    in_melds: "Cards",
    score_rule_hand: "Points are the cards left in hand (wild 15); 100 for a player who never opened; the one who went out scores nothing or less.",
    score_rule_hf: "Each team: its melded cards minus the cards left in hand, +500 a clean book, +300 a dirty one, +100 a red three, +100 for going out.",
    missed_rounds: "While you were away",
    timer_setting: "Turn timer",
    timer_off: "Off (bots only)",
    seconds: "{n} s",
    play_now: "Play now against bots",
    players_n: "{n} players",
    team_of: "Team {n}",
    joker: "Joker",
    autoplay: "Play",
    pause: "Pause",
    speed: "Speed",
    jump_round: "Go to",
    preset_levant: "Hand · Levant",
    preset_gulf: "Hand · Gulf",
    "preset_four-jokers": "Hand · Four jokers",
    "preset_hand-and-foot": "Hand and Foot",
    minutes: "{n} min",
    to_points: "to {n} points",
    bot_greedy: "Greedy",
    bot_random: "Random",
    bot_ismcts: "Searcher",
    bot_named: "{bot} {n}",
    summary_levant: "Jordan / Lebanon / Palestine: 106 cards, wild-card indicator, 14+1 deal, 51 opening, 7 rounds",
    summary_gulf: "Saudi / Gulf: 108 cards, 4 jokers wild, 13-card deal and an upcard, 51 opening with A=15 / joker=25, game to 200",
    "summary_four-jokers": "108 cards, jokers wild, 14+1 deal, 52 opening, 9 rounds",
    "summary_hand-and-foot": "Teams of two, 5 decks + 10 jokers, a hand and a foot each, books of seven",
    summary_open: "Summary",
    step_of: "Step",
    why: "Why",
    why_partial: "went out",
    why_full: "went out with a full hand",
    why_unopened: "never opened",
    why_cards: "cards left",
    why_doubled: "cards left ×{m} (a full hand)",
    void_stock: "the stock ran out, L-81",
    void_redeal: "a redeal, L-52",
    your_hand_label: "Your hand",
    table_label: "The table",
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
    wild: "الورقة البديلة",
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
    swap: "بدّل الورقة البديلة في المجموعة {m}",
    discard: "ارمِ {card}",
    discard_silent: "ارمِ {card} دون إعلان",
    redeal: "اطلب إعادة التوزيع",
    hint: "تلميح",
    hint_none: "لا تلميح: ليس دورك",
    select_hint: "اختر أوراقًا لتنزلها، أو ورقة لتضيفها أو ترميها.",
    drop_new_meld: "اسحب الأوراق إلى هنا لتنزلها",
    drop_choose: "أكثر من حركة ممكنة: اختر واحدة أدناه.",
    stands_for: "تساوي {card}",
    act_draw_stock: "{name} سحب من الكومة",
    act_draw_discard: "{name} أخذ {card}",
    act_meld: "{name} نزل {melds}",
    act_add: "{name} أضاف {card} إلى المجموعة {m}",
    act_swap: "{name} بدّل {cards} بالورقة البديلة في المجموعة {m}",
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
    take_with: "خذ الأوراق المرمية مع {cards}",
    take_to: "خذ الأوراق المرمية إلى المجموعة {m}",
    ask: "اسأل شريكك: هل أخلّص؟",
    answer_yes: "نعم، خلّص",
    answer_no: "لا، ليس بعد",
    partner_asks: "{name} يسألك: هل يخلّص؟",
    act_take: "{name} أخذ الأوراق المرمية: {card} مع {cards}",
    act_take_add: "{name} أخذ الأوراق المرمية وأضاف {card} إلى المجموعة {m}",
    act_ask: "{name} سأل: هل أخلّص؟",
    act_answer_yes: "{name} أجاب نعم",
    act_answer_no: "{name} أجاب لا",
    end_low: "من الأسفل",
    end_high: "من الأعلى",
    books: "الكتب",
    books_n: "{clean} نظيف · {dirty} مخلوط",
    red_threes: "الثلاثات الحمراء",
    foot_up: "يلعب بالقدم",
    foot_waiting: "القدم تنتظر",
    minimum: "الحد الأدنى {n}",
    pile_blocked: "مقفلة",
    pile_blocked_why: "في أعلاها ثلاثة سوداء أو ورقة بديلة: لا تُؤخذ",
    your_team: "فريقك",
    wild_is: "الورقة البديلة: {card} (الاثنتان)",
    wild_jokers: "الورقة البديلة: الجوكر",
    joker_plays: "الجوكر يُلعب كـ {card}",
    wild_ranks: "الأوراق البديلة: الجوكر والاثنينات",
    wild_mark: "W = ورقة بديلة",
    last_move: "آخر حركة: {what}",
    sound: "الصوت",
    show_pile: "الأوراق المرمية كلها",
    you: "أنت",
    dealer: "الموزّع",
    never_opened: "لم ينزل",
    clean_books: "كتب نظيفة",
    dirty_books: "كتب مخلوطة",
    red_threes_pts: "ثلاثات حمراء",
    went_out: "خلّص",
    in_melds: "الأوراق",
    score_rule_hand: "النقاط هي الأوراق الباقية في اليد (البديلة 15)؛ 100 لمن لم ينزل؛ من خلّص لا يُحسب عليه شيء أو أقل.",
    score_rule_hf: "لكل فريق: أوراقه النازلة ناقص الأوراق الباقية في اليد، +500 للكتاب النظيف، +300 للمخلوط، +100 لكل ثلاثة حمراء، +100 لمن خلّص.",
    missed_rounds: "أثناء غيابك",
    timer_setting: "مؤقت الدور",
    timer_off: "بلا مؤقت (ضد الحاسوب فقط)",
    seconds: "{n} ث",
    play_now: "العب الآن ضد الحاسوب",
    players_n: "{n} لاعبين",
    team_of: "الفريق {n}",
    joker: "جوكر",
    autoplay: "تشغيل",
    pause: "إيقاف مؤقت",
    speed: "السرعة",
    jump_round: "اذهب إلى",
    preset_levant: "هند · شامي",
    preset_gulf: "هند · خليجي",
    "preset_four-jokers": "هند · أربعة جوكر",
    "preset_hand-and-foot": "اليد والقدم",
    minutes: "{n} د",
    to_points: "حتى {n} نقطة",
    bot_greedy: "الطمّاع",
    bot_random: "العشوائي",
    bot_ismcts: "الباحث",
    bot_named: "{bot} {n}",
    summary_levant: "الأردن / لبنان / فلسطين: ١٠٦ أوراق، ورقة دالّة تحدد البديلة، توزيع ١٤+١، النزول بـ ٥١، ٧ جولات",
    summary_gulf: "السعودية / الخليج: ١٠٨ أوراق، ٤ جوكر بديلة، توزيع ١٣ وورقة مكشوفة، النزول بـ ٥١ (الآس ١٥ / الجوكر ٢٥)، اللعب حتى ٢٠٠",
    "summary_four-jokers": "١٠٨ أوراق، الجوكر بديل، توزيع ١٤+١، النزول بـ ٥٢، ٩ جولات",
    "summary_hand-and-foot": "فريقان من اثنين، ٥ شدّات و١٠ جوكر، يد وقدم لكل لاعب، كتب من سبع أوراق",
    summary_open: "الملخص",
    step_of: "الخطوة",
    why: "السبب",
    why_partial: "خلّص",
    why_full: "خلّص بيد كاملة",
    why_unopened: "لم ينزل",
    why_cards: "الأوراق الباقية",
    why_doubled: "الأوراق الباقية ×{m} (يد كاملة)",
    void_stock: "نفدت الكومة، L-81",
    void_redeal: "إعادة توزيع، L-52",
    your_hand_label: "أوراقك",
    table_label: "الطاولة",
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
    stock: "کپه",
    stock_count: "{n} کارت",
    indicator: "کارت نشانگر",
    wild: "کارت همه‌کاره",
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
    draw_stock: "برداشتن از کپه",
    draw_discard: "برداشتن کارت دورریخته",
    meld: "گذاشتن کارت‌های انتخاب‌شده",
    meld_as: "گذاشتن {cards}",
    add: "افزودن {card} به دستهٔ {m}",
    add_end: "افزودن {card} به دستهٔ {m} ({end})",
    swap: "جابه‌جایی با کارت همه‌کارهٔ دستهٔ {m}",
    discard: "دور انداختن {card}",
    discard_silent: "دور انداختن {card} بی‌اعلام",
    redeal: "درخواست پخش دوباره",
    hint: "راهنمایی",
    hint_none: "راهنمایی نیست: نوبت شما نیست",
    select_hint: "کارت‌هایی را برای دسته انتخاب کنید، یا یک کارت برای افزودن یا دور انداختن.",
    drop_new_meld: "کارت‌ها را برای دسته کردن اینجا رها کنید",
    drop_choose: "بیش از یک حرکت ممکن است: یکی را در زیر انتخاب کنید.",
    stands_for: "به جای {card}",
    act_draw_stock: "{name} از کپه برداشت",
    act_draw_discard: "{name} {card} را برداشت",
    act_meld: "{name} گذاشت: {melds}",
    act_add: "{name} {card} را به دستهٔ {m} افزود",
    act_swap: "{name} {cards} را با کارت همه‌کارهٔ دستهٔ {m} عوض کرد",
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
    take_with: "برداشتن کارت‌های دورریخته با {cards}",
    take_to: "برداشتن کارت‌های دورریخته روی دستهٔ {m}",
    ask: "از یارتان بپرسید: تمام کنم؟",
    answer_yes: "بله، تمام کن",
    answer_no: "نه، هنوز نه",
    partner_asks: "{name} می‌پرسد: تمام کند؟",
    act_take: "{name} کارت‌های دورریخته را برداشت: {card} با {cards}",
    act_take_add: "{name} کارت‌های دورریخته را برداشت و {card} را به دستهٔ {m} افزود",
    act_ask: "{name} پرسید: تمام کنم؟",
    act_answer_yes: "{name} گفت بله",
    act_answer_no: "{name} گفت نه",
    end_low: "از پایین",
    end_high: "از بالا",
    books: "کتاب‌ها",
    books_n: "{clean} پاک · {dirty} آمیخته",
    red_threes: "سه‌های قرمز",
    foot_up: "با پا بازی می‌کند",
    foot_waiting: "پا در انتظار",
    minimum: "کمینه {n}",
    pile_blocked: "بسته",
    pile_blocked_why: "روی آن یک سهٔ سیاه یا کارت همه‌کاره است: برداشتنی نیست",
    your_team: "تیم شما",
    wild_is: "کارت همه‌کاره: {card} (هر دو)",
    wild_jokers: "کارت همه‌کاره: جوکرها",
    joker_plays: "جوکرها به جای {card}",
    wild_ranks: "کارت‌های همه‌کاره: جوکرها و دوها",
    wild_mark: "W = کارت همه‌کاره",
    last_move: "آخرین حرکت: {what}",
    sound: "صدا",
    show_pile: "همهٔ کارت‌های دورریخته",
    you: "شما",
    dealer: "پخش‌کننده",
    never_opened: "باز نکرد",
    clean_books: "کتاب‌های پاک",
    dirty_books: "کتاب‌های آمیخته",
    red_threes_pts: "سه‌های قرمز",
    went_out: "تمام کرد",
    in_melds: "کارت‌ها",
    score_rule_hand: "امتیاز، کارت‌های ماندهٔ دست است (همه‌کاره ۱۵)؛ ۱۰۰ برای کسی که باز نکرد؛ کسی که تمام کرد چیزی نمی‌گیرد یا کمتر.",
    score_rule_hf: "برای هر تیم: کارت‌های گذاشته‌شده منهای کارت‌های ماندهٔ دست، ۵۰۰+ هر کتاب پاک، ۳۰۰+ هر کتاب آمیخته، ۱۰۰+ هر سهٔ قرمز، ۱۰۰+ برای تمام کردن.",
    missed_rounds: "وقتی نبودید",
    timer_setting: "زمان هر نوبت",
    timer_off: "خاموش (فقط با ربات‌ها)",
    seconds: "{n} ثانیه",
    play_now: "همین حالا با ربات‌ها بازی کنید",
    players_n: "{n} بازیکن",
    team_of: "تیم {n}",
    joker: "جوکر",
    autoplay: "پخش",
    pause: "مکث",
    speed: "سرعت",
    jump_round: "رفتن به",
    preset_levant: "هند · شامی",
    preset_gulf: "هند · خلیجی",
    "preset_four-jokers": "هند · چهار جوکر",
    "preset_hand-and-foot": "دست و پا",
    minutes: "{n} دقیقه",
    to_points: "تا {n} امتیاز",
    bot_greedy: "حریص",
    bot_random: "تصادفی",
    bot_ismcts: "جستجوگر",
    bot_named: "{bot} {n}",
    summary_levant: "اردن / لبنان / فلسطین: ۱۰۶ کارت، کارت نشانگر، پخش ۱۴+۱، باز کردن با ۵۱، ۷ دور",
    summary_gulf: "عربستان / خلیج: ۱۰۸ کارت، ۴ جوکر همه‌کاره، پخش ۱۳ و یک کارت رو، باز کردن با ۵۱ (آس ۱۵ / جوکر ۲۵)، بازی تا ۲۰۰",
    "summary_four-jokers": "۱۰۸ کارت، جوکر همه‌کاره، پخش ۱۴+۱، باز کردن با ۵۲، ۹ دور",
    "summary_hand-and-foot": "دو تیم دونفره، ۵ دست کارت و ۱۰ جوکر، یک دست و یک پا برای هر بازیکن، کتاب‌های هفت‌تایی",
    summary_open: "خلاصه",
    step_of: "گام",
    why: "چرا",
    why_partial: "تمام کرد",
    why_full: "با دست کامل تمام کرد",
    why_unopened: "باز نکرد",
    why_cards: "کارت‌های مانده",
    why_doubled: "کارت‌های مانده ×{m} (دست کامل)",
    void_stock: "کپه تمام شد، L-81",
    void_redeal: "پخش دوباره، L-52",
    your_hand_label: "دست شما",
    table_label: "میز",
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

const DIGITS = { ar: "٠١٢٣٤٥٦٧٨٩", fa: "۰۱۲۳۴۵۶۷۸۹" };

/** A preset's name in the current language (the preset's own name where there is none). */
export function presetName(name) {
  const key = `preset_${name}`;
  return WORDS.en[key] ? t(key) : name;
}

/** A preset's one-line summary in the current language (the server's English where there is
 * no translation). */
export function presetSummary(preset) {
  const key = `summary_${preset.name}`;
  return lang !== "en" && WORDS[lang][key] ? t(key) : preset.summary;
}

/** A bot's name (`greedy`, `ismcts:iterations=200`…) in the current language. */
export function botName(spec) {
  const base = String(spec).split(":")[0];
  return WORDS.en[`bot_${base}`] ? t(`bot_${base}`) : String(spec);
}

/** A seat's name as the page shows it: the server's default names ("greedy 2" for a bot,
 * "seat 0" for a human) in the current language, a player's own name as it is. */
export function seatName(name) {
  const bot = /^(greedy|random|ismcts)(?::\S*)? (\d+)$/.exec(name);
  if (bot) return t("bot_named", { bot: botName(bot[1]), n: Number(bot[2]) + 1 });
  const seat = /^seat (\d+)$/.exec(name);
  if (seat) return t("seat", { n: Number(seat[1]) + 1 });
  return name;
}

/** A number in the current language's digits (Arabic-Indic, Persian; Latin for English). */
export function num(n) {
  const digits = DIGITS[lang];
  const text = String(n);
  return digits ? text.replace(/[0-9]/g, (d) => digits[Number(d)]) : text;
}

/** The word `key` in the current language, with `{name}` placeholders filled in (numbers in
 * the language's digits). */
export function t(key, vars = {}) {
  const text = (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, k) => {
    if (!(k in vars)) return `{${k}}`;
    return typeof vars[k] === "number" ? num(vars[k]) : String(vars[k]);
  });
}

function apply() {
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL.has(lang) ? "rtl" : "ltr";
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll("[data-t-label]")) {
    el.setAttribute("aria-label", t(el.dataset.tLabel));
  }
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

const RULE_ID = /\b[A-Z]+-\d+\b/g; // as handgame.locale.RULE_ID: L-62, O-6, HF-3

/** The errors that refuse a move ("Not done: …"); the others are said as they are. */
const REFUSED = new Set(["illegal", "not_your_turn", "stale", "spectator"]);

/**
 * A server text as the page shows it: the terminal's key instructions ("… and press m") are
 * left out, since the page has no keys (melds are counted from 1 in the engine's words, as on
 * the page).
 */
export function pageText(text) {
  return String(text).replace(/\s*\((?:select|pick)[^()]*press [a-z]\)/g, "");
}

/** {ar: {rules: {"L-62": …}, errors: {stale: …}, hints: {draw_stock: …}}, fa: {…}} */
const MESSAGES = await fetch("/locale/messages.json")
  .then((r) => (r.ok ? r.json() : {}))
  .catch(() => ({}));

/** The hint lines said whole in Arabic and Persian: {lines: [{pattern, ar, fa}], steps, then}
 * (handgame/locale/hint_lines.json, which `hand play` reads too). */
const LINES = await fetch("/locale/hint_lines.json")
  .then((r) => (r.ok ? r.json() : {}))
  .catch(() => ({}));

/** Cards of a hint ("T♥ X") as the page writes them ("10♥ Joker"), left to right. */
function cardsOf(text) {
  return el("bdi", { dir: "ltr" }, text.replace(/\bT([♠♥♦♣])/g, "10$1")
    .replace(/(^|\s)X(?=\s|$)/g, (_, sp) => sp + t("joker")));
}

/** A line said whole by the first entry whose pattern matches it (nodes), or null: {N} the
 * group's cards, {N#} a number, {N~} steps joined by "then". */
function said(line, entries) {
  for (const entry of entries) {
    const found = new RegExp(entry.pattern, "u").exec(line);
    if (!found || !entry[lang]) continue;
    const out = [];
    let last = 0;
    for (const m of entry[lang].matchAll(/\{(\d+)([#~]?)\}/g)) {
      out.push(entry[lang].slice(last, m.index));
      const value = found[Number(m[1])] || "";
      if (m[2] === "#") out.push(num(value));
      else if (m[2] === "~") {
        value.split("; then ").forEach((step, k) => {
          if (k) out.push(LINES.then[lang]);
          out.push(said(step, LINES.steps || []) || step);
        });
      } else out.push(cardsOf(value));
      last = m.index + m[0].length;
    }
    out.push(entry[lang].slice(last));
    return el("span", {}, out);
  }
  return null;
}

/** The sentence of `section` (rules, errors, hints) for `key` in the current language, or null. */
function sentenceFor(section, key) {
  const table = lang !== "en" && MESSAGES[lang] && MESSAGES[lang][section];
  return (table && key && table[key]) || null;
}

/**
 * A server `error` message in the current language: for Arabic and Persian, a sentence for its
 * code (stale, not your turn…) or for its rule id (the message's `rules`, or the id at the start
 * of its text, else the first one in it), with the cards it names and the rule id kept, and the
 * server's English message as its tooltip; the English message alone when there is no such
 * sentence.
 */
export function errorText(m) {
  const text = pageText(String(m.message || ""));
  const lead = text.match(/^\s*([A-Z]+-\d+)\b/);
  const ids = Array.isArray(m.rules) && m.rules.length ? m.rules : text.match(RULE_ID) || [];
  const id = lead ? lead[1] : ids[0] || null;
  const byCode = m.code && m.code !== "illegal" ? sentenceFor("errors", m.code) : null;
  const sentence = byCode || sentenceFor("rules", id);
  // "Not done:" for a move refused; other errors (no table, a wrong link…) say only what they are
  const wrap = (message) => (REFUSED.has(m.code) ? t("error", { message }) : message);
  if (sentence === null) {
    return el("span", { "data-error": m.code || "" }, wrap(text));
  }
  // the cards the server's message names, shown with the sentence ("K♥ 8♠")
  const named = [...new Set(text.match(/\b[AKQJT2-9][SHDC]\b/g) || [])];
  const cards = named.map((c) => (c[0] === "T" ? "10" : c[0]) + { S: "♠", H: "♥", D: "♦", C: "♣" }[c[1]]);
  // the server's English message is kept as the refusal's tooltip (for a bug report), not shown
  return el("span", { "data-error": m.code || "", "data-rule": id || "", title: text },
    wrap(sentence),
    cards.length ? [": ", el("bdi", { class: "cards", dir: "ltr" }, cards.join(" "))] : null,
    id ? [" ", el("bdi", { class: "rule", dir: "ltr" }, `(${id})`)] : null);
}

/**
 * One line of the server's hint, with its kind of advice (`kind`, from handgame.hints.hint_kind,
 * sent beside each line): in Arabic and Persian the line said whole (hint_lines.json), else a
 * sentence for that kind with the English line as its tooltip; the English line alone otherwise.
 */
export function hintLine(raw, kind = null) {
  const whole = lang === "en" ? null : said(String(raw), LINES.lines || []);
  if (whole !== null) return el("p", { "data-hint": `hint_${kind}`, "data-whole": "1" }, whole);
  const line = pageText(raw);
  const sentence = kind ? sentenceFor("hints", kind) : null;
  if (sentence === null) {
    return el("p", { lang: "en", dir: "ltr" }, line);
  }
  return el("p", { "data-hint": `hint_${kind}`, title: line }, sentence);
}

/** Like `t`, as nodes: a placeholder's value may be a node (a `<bdi>` name, a card). */
export function tn(key, vars = {}) {
  const text = t(key, {});
  const out = [];
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    out.push(text.slice(last, m.index));
    const v = vars[m[1]];
    out.push(v instanceof Node ? v : typeof v === "number" ? num(v) : String(v ?? m[0]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return el("span", {}, out);
}
