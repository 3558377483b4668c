"use strict";
// The ganzdy page: plain JS over the JSON API. The server decides every rule; the
// page only shows what its seat's state says and sends what was clicked.

const I18N = {
  en: {
    title: "ganzdy", game: "Game", seat: "Your seat", bots: "Bots", options: "Options",
    new_game: "New game", watch: "Watch bots", replay: "Replay a record", table: "Table",
    hand: "Your hand", play: "Play", pass: "Pass", hint: "Hint", undo: "Undo",
    next_deal: "Next deal", plays: "Legal plays", speed: "Speed", log: "Moves",
    gan_deng_yan: "Gan Deng Yan", guandan: "Guandan", gouji: "Gouji",
    your_turn: "Your turn", turn_of: "Seat {0} to act", over: "The deal is over",
    seat_n: "Seat {0}", you: "you", cards: "cards", out: "out", stock: "Stock",
    level: "Level", choose: "Several readings: choose one", lead: "You lead",
    follow: "Beat {0} or pass", hint_is: "Hint ({0}): {1}", match_over: "The match is over",
    deal_n: "Deal {0}", points: "Points", phase_tribute: "Pay tribute: choose a card",
    phase_return: "Return a card", phase_pick: "Pick a tribute card", phase_buy: "Buying 3s",
    phase_revolt: "Revolt or pass", phase_yaotou: "Yaotou", phase_xuandian: "Xuandian",
    phase_play: "", wild: "wild", team_levels: "Team levels",
    role_burn: "Burn: beat it to take the trick (烧)", replay_ply: "Move {0} of {1}", pass_word: "pass",
  },
  zh: {
    title: "干瞪眼·掼蛋·够级", game: "游戏", seat: "座位", bots: "电脑", options: "规则选项",
    new_game: "新游戏", watch: "观看电脑对局", replay: "回放记录", table: "桌面",
    hand: "手牌", play: "出牌", pass: "不要", hint: "提示", undo: "悔牌",
    next_deal: "下一局", plays: "可出的牌", speed: "速度", log: "出牌记录",
    gan_deng_yan: "干瞪眼", guandan: "掼蛋", gouji: "够级",
    your_turn: "轮到你", turn_of: "轮到 {0} 号位", over: "本局结束",
    seat_n: "{0} 号位", you: "你", cards: "张", out: "已出完", stock: "牌堆",
    level: "级牌", choose: "有几种读法，请选择", lead: "你先出",
    follow: "管上 {0} 或不要", hint_is: "提示（{0}）：{1}", match_over: "比赛结束",
    deal_n: "第 {0} 局", points: "分数", phase_tribute: "进贡：选一张牌",
    phase_return: "还贡：选一张牌", phase_pick: "选一张贡牌", phase_buy: "买三",
    phase_revolt: "革命或不革", phase_yaotou: "要头", phase_xuandian: "宣点",
    phase_play: "", wild: "百搭", team_levels: "两队级数",
    role_burn: "烧牌：管上即可夺回出牌权", replay_ply: "第 {0} / {1} 手", pass_word: "不要",
  },
};
const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
let lang = "en";
let meta = null;
let gameId = null;
let mode = "play"; // play | watch | replay
let state = null;
let selected = new Set(); // indices into state.hand
let hinted = null; // the hinted move's text while its cards stay selected
let watchTimer = null;

const $ = (id) => document.getElementById(id);
function t(key, ...args) {
  let s = (I18N[lang][key] ?? I18N.en[key] ?? key);
  args.forEach((a, i) => { s = s.replace(`{${i}}`, a); });
  return s;
}

// The page marks itself busy while a request is out and until its answer is drawn,
// so a driver (a test, a slow person) knows when the page is settled.
function busy(on) { document.body.dataset.busy = on ? "1" : "0"; }

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
    error.data = data;
    error.status = response.status;
    throw error;
  }
  return data;
}

function showError(message) { $("error").textContent = message || ""; }

const SVG = "http://www.w3.org/2000/svg";
function cardSvg(card, { wild = false, small = false } = {}) {
  const w = small ? 36 : 60, h = small ? 52 : 88;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("width", w); svg.setAttribute("height", h);
  svg.setAttribute("viewBox", "0 0 60 88");
  svg.classList.add("card");
  if (wild) svg.classList.add("wild");
  const rect = document.createElementNS(SVG, "rect");
  Object.entries({ x: 1, y: 1, width: 58, height: 86, rx: 6, fill: "#fff", stroke: "#333" })
    .forEach(([k, v]) => rect.setAttribute(k, v));
  svg.appendChild(rect);
  const joker = card === "BJ" || card === "RJ";
  const red = card === "RJ" || card[1] === "h" || card[1] === "d";
  const color = red ? "#c62828" : "#111";
  const text = (x, y, size, content) => {
    const el = document.createElementNS(SVG, "text");
    el.setAttribute("x", x); el.setAttribute("y", y); el.setAttribute("font-size", size);
    el.setAttribute("fill", color); el.setAttribute("text-anchor", "middle");
    el.setAttribute("font-family", "sans-serif");
    el.textContent = content;
    svg.appendChild(el);
  };
  if (joker) {
    text(30, 30, 13, "JOKER");
    text(30, 60, 26, "★");
  } else {
    const rank = card[0] === "T" ? "10" : card[0];
    text(16, 22, 18, rank);
    text(16, 40, 16, SUITS[card[1]] || "");
    text(38, 72, 30, SUITS[card[1]] || "");
  }
  const title = document.createElementNS(SVG, "title");
  title.textContent = card + (wild ? ` (${t("wild")})` : "");
  svg.appendChild(title);
  svg.dataset.card = card;
  return svg;
}

function moveText(move) {
  if (!move) return "";
  if (move.pass) return t("pass_word");
  return move.text;
}

function renderSeats(s) {
  const box = $("seats");
  box.innerHTML = "";
  for (let seat = 0; seat < s.players; seat++) {
    const div = document.createElement("div");
    div.className = "seat";
    div.dataset.testid = "seat";
    if (s.current_player === seat) div.classList.add("turn");
    const out = (s.out_seats || []).includes(seat);
    if (out) div.classList.add("out");
    const who = s.you === seat ? t("you") : (s.agents ? s.agents[seat] : "");
    div.innerHTML = `<b>${t("seat_n", seat)}</b> ${who || ""}<br>${s.hand_sizes[seat]} ${t("cards")}` +
      (out ? ` · ${t("out")}` : "");
    if (s.hands) {
      const cards = document.createElement("div");
      cards.className = "cards";
      s.hands[seat].forEach((c) => cards.appendChild(cardSvg(c, { small: true })));
      div.appendChild(cards);
    }
    box.appendChild(div);
  }
}

function render() {
  const s = state;
  if (!s) return;
  renderSeats(s);
  const table = $("table");
  table.innerHTML = "";
  if (s.table) {
    s.table.cards.forEach((c) => table.appendChild(cardSvg(c)));
    const label = document.createElement("span");
    label.textContent = ` ${t("seat_n", s.table_owner)}: ${s.table.text}`;
    table.appendChild(label);
  }
  const hand = $("hand");
  hand.innerHTML = "";
  (s.hand || []).forEach((card, i) => {
    const svg = cardSvg(card, { wild: (s.wild || []).includes(card) });
    svg.setAttribute("data-testid", "hand-card");
    if (selected.has(i)) svg.classList.add("selected");
    svg.addEventListener("click", () => {
      if (selected.has(i)) selected.delete(i); else selected.add(i);
      hinted = null;
      render();
    });
    hand.appendChild(svg);
  });
  let turn;
  if (s.over) turn = t("over");
  else if (s.your_turn) turn = t("your_turn");
  else turn = t("turn_of", s.current_player);
  const extra = [];
  if (s.stock_size) extra.push(`${t("stock")}: ${s.stock_size}`);
  if (s.level) extra.push(`${t("level")}: ${s.level}`);
  if (s.deal_number) extra.push(t("deal_n", s.deal_number));
  if (s.match) {
    const m = s.match;
    if (m.points) extra.push(`${t("points")}: ${m.points.join(" ")}`);
    if (m.team_levels) extra.push(`${t("team_levels")}: ${m.team_levels.join(" / ")}`);
    if (m.team_totals) extra.push(`${t("points")}: ${m.team_totals.join(" : ")}`);
  }
  $("turn").textContent = [turn, ...extra].join(" · ");
  let prompt = "";
  if (s.your_turn) {
    prompt = s.phase && s.phase !== "play" ? t("phase_" + s.phase) : (s.table ? t("follow", s.table.text) : t("lead"));
    if (s.role === "burn") prompt = t("role_burn");
  }
  $("prompt").textContent = prompt;
  $("play").disabled = !s.your_turn;
  $("pass").disabled = !s.can_pass;
  $("hint").disabled = !s.your_turn;
  $("undo").disabled = !s.can_undo;
  $("next-deal").hidden = !(s.over && !s.match_finished && mode === "play");
  const legal = $("legal");
  legal.innerHTML = "";
  (s.legal || []).forEach((group) => {
    const b = document.createElement("button");
    b.textContent = group.example.cards.length ? `${group.kind} ${group.rank}` + (group.count > 1 ? ` ×${group.count}` : "") : group.example.text;
    b.addEventListener("click", () => {
      if (!group.example.cards.length) { act("play", { move: group.example.text }); return; }
      selectCards(group.example.cards);
      hinted = group.example.text;
      render();
    });
    legal.appendChild(b);
  });
  const log = $("log");
  log.innerHTML = "";
  (s.history || []).forEach(({ seat, move }) => {
    const li = document.createElement("li");
    li.textContent = `${t("seat_n", seat)}: ${moveText(move)}`;
    log.appendChild(li);
  });
  log.scrollTop = log.scrollHeight;
  const result = $("result");
  const summary = s.summary || (s.outcome ? { outcome: s.outcome } : null);
  result.hidden = !(s.over && summary);
  if (!result.hidden) {
    const o = summary.outcome || {};
    result.innerHTML = `<b>${t("over")}</b>` +
      (o.finish_order ? `<div>finish: ${o.finish_order.join(", ")}</div>` : "") +
      (o.points ? `<div>${t("points")}: ${o.points.join(" ")}</div>` : "") +
      (s.match_finished ? `<div><b>${t("match_over")}</b></div>` : "");
  }
  if (mode === "replay") $("replay-ply").textContent = t("replay_ply", s.ply, s.plies);
}

function selectCards(cards) {
  // Select the hand's cards one for one: a deck may hold a card more than once.
  selected = new Set();
  const wanted = [...cards];
  state.hand.forEach((card, i) => {
    const at = wanted.indexOf(card);
    if (at >= 0) { selected.add(i); wanted.splice(at, 1); }
  });
}

function update(newState) {
  state = newState;
  selected = new Set();
  hinted = null;
  $("readings").innerHTML = "";
  $("hint-text").textContent = "";
  $("pass").classList.remove("hinted");
  render();
}

async function act(what, body) {
  busy(true);
  try { await actNow(what, body); } finally { busy(false); }
}

async function actNow(what, body) {
  showError("");
  try {
    update(await api("POST", `/api/games/${gameId}/${what}`, body || {}));
  } catch (error) {
    showError(error.message);
    if (error.data && error.data.readings) {
      const box = $("readings");
      box.innerHTML = `<div>${t("choose")}</div>`;
      error.data.readings.forEach((m) => {
        const b = document.createElement("button");
        b.textContent = m.text;
        b.setAttribute("data-testid", "reading");
        b.addEventListener("click", () => act("play", { move: m.text }));
        box.appendChild(b);
      });
    }
  }
}

function play() {
  const cards = [...selected].sort((a, b) => a - b).map((i) => state.hand[i]);
  if (hinted) act("play", { move: hinted });
  else act("play", { cards });
}

async function hint() {
  busy(true);
  try { await hintNow(); } finally { busy(false); }
}

async function hintNow() {
  showError("");
  try {
    const h = await api("POST", `/api/games/${gameId}/hint`, { agent: $("bot-select").value === "ismcts" ? "ismcts:iterations=300" : "greedy" });
    const move = h.move;
    let text = t("hint_is", h.agent, moveText(move));
    if (h.search) text += " — " + h.search.children.slice(0, 3).map((c) => `${c.move}: ${c.visits}`).join("; ");
    $("hint-text").textContent = text;
    if (move.pass) {
      selected = new Set();
      hinted = null;
      render();
      $("pass").classList.add("hinted");
    } else {
      selectCards(move.cards);
      render();
      hinted = move.text;
      $("play").classList.add("hinted");
    }
  } catch (error) { showError(error.message); }
}

function stopWatching() { if (watchTimer) { clearTimeout(watchTimer); watchTimer = null; } }

async function newGame(watch) {
  busy(true);
  try { await newGameNow(watch); } finally { busy(false); }
}

async function newGameNow(watch) {
  stopWatching();
  showError("");
  const options = {};
  $("options").value.split(",").map((x) => x.trim()).filter(Boolean).forEach((pair) => {
    const [k, v] = pair.split("=").map((x) => x.trim());
    options[k] = /^\d+$/.test(v) ? Number(v) : v === "true" ? true : v === "false" ? false : v;
  });
  const body = {
    game: $("game-select").value,
    seat: watch ? null : Number($("seat-select").value),
    bots: $("bot-select").value === "ismcts" ? "ismcts:iterations=200" : $("bot-select").value,
    options,
  };
  try {
    const data = await api("POST", "/api/games", body);
    gameId = data.id;
    mode = watch ? "watch" : "play";
    $("replay-bar").hidden = !watch;
    $("hand-area").hidden = watch;
    update(data.state);
    if (watch) watchStep();
  } catch (error) { showError(error.message); }
}

async function watchStep() {
  if (mode !== "watch" || !state || state.over) return;
  try {
    update(await api("POST", `/api/games/${gameId}/bots`, { steps: 1 }));
    watchTimer = setTimeout(watchStep, Number($("speed").value));
  } catch (error) { showError(error.message); }
}

async function loadReplay(file) {
  busy(true);
  try { await loadReplayNow(file); } finally { busy(false); }
}

async function loadReplayNow(file) {
  stopWatching();
  showError("");
  try {
    const record = JSON.parse(await file.text());
    const data = await api("POST", "/api/replays", { record });
    gameId = data.id;
    mode = "replay";
    $("replay-bar").hidden = false;
    $("hand-area").hidden = true;
    update(data.state);
  } catch (error) { showError(error.message); }
}

async function replayTo(ply) {
  busy(true);
  try { await replayToNow(ply); } finally { busy(false); }
}

async function replayToNow(ply) {
  if (mode !== "replay") return;
  try {
    update(await api("GET", `/api/replays/${gameId}?ply=${Math.max(0, Math.min(ply, state.plies))}`));
  } catch (error) { showError(error.message); }
}

function translate() {
  document.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  $("lang").textContent = lang === "en" ? "中文" : "English";
  document.documentElement.lang = lang === "en" ? "en" : "zh";
  [...$("game-select").options].forEach((o) => { o.textContent = t(o.value); });
  fillSeats();
  render();
}

function fillSeats() {
  if (!meta) return;
  const game = meta.games.find((g) => g.name === $("game-select").value);
  const seat = $("seat-select");
  const chosen = seat.value;
  seat.innerHTML = "";
  for (let i = 0; i < game.default_players; i++) {
    const o = document.createElement("option");
    o.value = i; o.textContent = t("seat_n", i);
    seat.appendChild(o);
  }
  if (chosen && Number(chosen) < game.default_players) seat.value = chosen;
}

async function start() {
  meta = await api("GET", "/api/meta");
  const select = $("game-select");
  meta.games.forEach((g) => {
    const o = document.createElement("option");
    o.value = g.name; o.textContent = t(g.name);
    select.appendChild(o);
  });
  Object.keys(meta.bots).forEach((name) => {
    const o = document.createElement("option");
    o.value = name; o.textContent = name;
    $("bot-select").appendChild(o);
  });
  $("bot-select").value = "greedy";
  select.addEventListener("change", fillSeats);
  $("new-game").addEventListener("click", () => newGame(false));
  $("watch").addEventListener("click", () => newGame(true));
  $("play").addEventListener("click", play);
  $("pass").addEventListener("click", () => act("pass"));
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", () => act("undo"));
  $("next-deal").addEventListener("click", () => act("next"));
  $("replay-file").addEventListener("change", (e) => { if (e.target.files[0]) loadReplay(e.target.files[0]); });
  $("replay-back").addEventListener("click", () => replayTo(state.ply - 1));
  $("replay-forward").addEventListener("click", () => mode === "watch" ? watchStep() : replayTo(state.ply + 1));
  $("lang").addEventListener("click", () => { lang = lang === "en" ? "zh" : "en"; translate(); });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    const keys = { Enter: () => play(), p: () => act("pass"), h: hint, u: () => act("undo"),
      ArrowLeft: () => replayTo(state.ply - 1), ArrowRight: () => replayTo(state.ply + 1) };
    if (keys[e.key] && state) keys[e.key]();
  });
  translate();
}

busy(true);
start().finally(() => busy(false));
