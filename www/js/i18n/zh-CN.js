// i18n/zh-CN.js: every word the reader sees or hears, in Simplified Chinese, in the terms of ../shared/spec/glossary-zh.md; loaded only when a reader's language is Chinese.

export default {
  $code: 'zh-CN',
  $name: '简体中文',

  // ---- terms: the values' names, as every sentence refers to them ({=term.win}) -------------
  'term.win': '必胜态',
  'term.win@pn': 'N态',
  'term.lose': '必败态',
  'term.lose@pn': 'P态',
  'term.loop': '循环',
  'term.draw': '平局',

  // ---- element core (element/*) ---------------------------------------------------------------

  // ---- ring (ring/*, loopy-ring.js) -----------------------------------------------------------
  // 值：“必胜态，步数 3”；步数 = 最优策略下游戏持续的步数。
  'ring.plies': '{count} 步',
  'ring.options': '{count} 种走法',
  'ring.value.win': '{=term.win}，步数 {count}',
  'ring.value.win@pn': '{=term.win}，步数 {count}',
  'ring.value.lose': '{=term.lose}，步数 {count}',
  'ring.value.lose@pn': '{=term.lose}，步数 {count}',
  'ring.value.loop': '{=term.loop}',
  'ring.value.win.each': '{=term.win}，步数 {count}（双方各走 {each} 步）',
  'ring.value.win.each@pn': '{=term.win}，步数 {count}（双方各走 {each} 步）',
  'ring.value.lose.each': '{=term.lose}，步数 {count}（双方各走 {each} 步）',
  'ring.value.lose.each@pn': '{=term.lose}，步数 {count}（双方各走 {each} 步）',
  'ring.value.win.split': '{=term.win}，步数 {count}（行动方 {p} 走 {more} 步，行动方 {q} 走 {fewer} 步）',
  'ring.value.win.split@pn': '{=term.win}，步数 {count}（行动方 {p} 走 {more} 步，行动方 {q} 走 {fewer} 步）',
  'ring.value.lose.split': '{=term.lose}，步数 {count}（行动方 {p} 走 {more} 步，行动方 {q} 走 {fewer} 步）',
  'ring.value.lose.split@pn': '{=term.lose}，步数 {count}（行动方 {p} 走 {more} 步，行动方 {q} 走 {fewer} 步）',
  // 解说：每个事件一句。
  'ring.say.start': '开始：目前还没有任何状态被确定。搜索从终止位置出发，倒推回去。按“播放”或“前进”。',
  'ring.say.win.hole': '行动方 {p} 在位置 {pos} 走 +{step} 正好落入终止位置，立即获胜：{value}。',
  'ring.say.win': '行动方 {p} 在位置 {pos} 可以走 +{step} 到位置 {succ}，行动方 {q} 在那里必败。所以行动方 {p} 在位置 {pos} 为{value}。',
  'ring.say.lose.one': '行动方 {p} 在位置 {pos}：唯一的走法会让行动方 {q} 必胜。所以行动方 {p} 在位置 {pos} 为{value}。',
  'ring.say.lose.two': '行动方 {p} 在位置 {pos}：两种走法都会让行动方 {q} 必胜。所以行动方 {p} 在位置 {pos} 为{value}。',
  'ring.say.lose.all': '行动方 {p} 在位置 {pos}：全部 {count} 种走法都会让行动方 {q} 必胜。所以行动方 {p} 在位置 {pos} 为{value}。',
  'ring.say.pop': '现在查看行动方 {p} 在位置 {pos}（{value}）。接下来逐一检查能走到这里的行动方 {q} 的状态。',
  'ring.say.update': '行动方 {p} 在位置 {pos} 可以走 +{step} 到位置 {succ}，但这会让行动方 {q} 必胜。它的 {moves} 种走法中还有 {count} 种悬而未决。',
  'ring.say.skip': '行动方 {p} 在位置 {pos} 可以走 +{step} 到位置 {succ}，但行动方 {p} 在位置 {pos} 已经确定（{value}），没有变化。',
  'ring.say.layer.one': '步数 {depth} 这一层已完成：游戏恰好持续 {lasting}的唯一一个状态现已确定。',
  'ring.say.layer.two': '步数 {depth} 这一层已完成：游戏恰好持续 {lasting}的两个状态现已全部确定。',
  'ring.say.layer.all': '步数 {depth} 这一层已完成：游戏恰好持续 {lasting}的全部 {count} 个状态现已确定。',
  'ring.say.done.none': '完成：每个状态都已确定，没有{=term.loop}状态。',
  'ring.say.done':
    '完成：已经没有需要检查的走法了。始终未被确定的 {count} 个状态是{=term.loop}。从这样的状态出发，双方都无法强制获胜，所以在最优策略下游戏永不结束。',
  'ring.say.skipped': '能确定的状态都已确定。剩下的 {count} 次检查只会查看走向已确定状态的走法，不会改变任何结果，所以播放时跳过了它们。{done}',
  // 检查面板和弹出框：状态、走法、最优走法、原因。
  'ring.state.title': '轮到行动方 {p}，棋子在位置 {pos}',
  'ring.state.loop': '{=term.loop}：双方都无法强制获胜，所以在最优策略下游戏永不结束',
  'ring.move.arrow': '+{step} → {to}',
  'ring.move.more': '……（共 {count} 种走法）',
  'ring.move.hole': '+{step} 落入终止位置：立即获胜',
  'ring.move.to': '+{step} → {to}（轮到行动方 {q}）：{value}',
  'ring.move.to@pn': '+{step} → {to}（轮到行动方 {q}）：{value}',
  'ring.move.inspect': '查看轮到行动方 {q}、棋子在位置 {to} 的状态',
  'ring.best.hole': '+{step}：落入终止位置',
  'ring.best.to': '+{step} → {to}（轮到行动方 {q}：{value}）',
  'ring.why.hole': '+{step} 落入终止位置：立即获胜。',
  'ring.why.hole.fastest': '+{step} 落入终止位置：立即获胜。它是 {winning} 种获胜走法中最快的一种。',
  'ring.why.moveToLose': '+{step} → {to} 把行动方 {q} 逼入绝境（{value}），所以行动方 {p} 经过 {lasting}获胜。',
  'ring.why.moveToLose.fastest':
    '+{step} → {to} 把行动方 {q} 逼入绝境（{value}），所以行动方 {p} 经过 {lasting}获胜。它是 {winning} 种获胜走法中最快的一种。',
  'ring.why.everyMoveToWin': '{list}：每种走法都会让行动方 {q} 必胜。坚持得最久的走法是 +{step} → {to}：行动方 {p} 经过 {lasting}落败。',
  'ring.why.loop':
    '没有走法能落入终止位置，也没有走法能到达行动方 {q} 必败的状态，所以行动方 {p} 无法强制获胜。但 {list} 对行动方 {q} 来说是{=term.loop}，所以行动方 {p} 也不必落败。',
  'ring.live.open': '在这一步尚未确定：{of}中还有 {count} 种悬而未决（尚不知道是否会让行动方 {q} 必胜）。',
  'ring.live.loop': '在这一步已确定：{=term.loop}（搜索已经结束，始终没有确定它）。',
  'ring.live.loop.done': '已确定：{=term.loop}（搜索已经结束，始终没有确定它）。',
  'ring.live.decided': '在这一步已确定：{value}。',
  'ring.live.decided.current': '在这一步已确定：{value}。此刻正在查看它。',
  'ring.live.decided.queued': '在这一步已确定：{value}。它正在队列中等待查看。',
  'ring.live.decided.done': '已确定：{value}。',
  'ring.hidden.asked': '已隐藏：测验正在问你它的值。',
  'ring.hidden.value': '在搜索确定它之前隐藏（答案已隐藏）。',
  'ring.hidden.best': '已隐藏。',
  'ring.hidden.why.asked': '它是{=term.win}、{=term.lose}还是{=term.loop}？看看它的走法通向哪里，再作答。',
  'ring.hidden.why.asked@pn': '它是{=term.win}、{=term.lose}还是{=term.loop}？看看它的走法通向哪里，再作答。',
  'ring.hidden.why': '它是{=term.win}、{=term.lose}还是{=term.loop}？先猜一猜，再继续前进，直到搜索确定它。',
  'ring.hidden.why@pn': '它是{=term.win}、{=term.lose}还是{=term.loop}？先猜一猜，再继续前进，直到搜索确定它。',
  'ring.hidden.live': '到这一步已确定：它的值正是测验的问题。',
  // 元素本身：画布、计数、进度、说明、快捷键、演示模式、错误框中的选项。
  'ring.canvas.role': '游戏环',
  'ring.canvas.label': '游戏环。点击一个状态，或用方向键选中它来查看。',
  'ring.canvas.hole': '0 终止位置',
  'ring.canvas.outer': '外圈：\n轮到行动方 1',
  'ring.canvas.inner': '内圈：\n轮到行动方 2',
  'ring.help': '外圈：轮到行动方 1。内圈：轮到行动方 2。终止位置（位置 0）在最上方，位置按顺时针编号。',
  'ring.loops': '{count} 个{=term.loop}状态',
  'ring.known': '已确定 {resolved} / {count} 个状态',
  'ring.known.done': '已确定 {resolved} / {count} 个状态；{loops}',
  'ring.progress.solving': '正在求解 n = {n}…',
  'ring.progress.preparing': '正在准备 n = {n} 的动画…',
  'ring.progress.states': '正在求解 n = {n}：已确定 {resolved} / {count} 个状态',
  'ring.offer.nearest': '显示最接近的合法游戏：n = {n}，行动方 1 的步长 {s1}，行动方 2 的步长 {s2}',
  'ring.offer.default': '显示默认游戏：第一个样例，n = {n}',
  'ring.keys.position': '选中上一个或下一个位置（PageUp、PageDown：一次 10 个）',
  'ring.keys.track': '在外圈（行动方 1）或内圈（行动方 2）上选中',
  'ring.keys.present': '演示模式：全屏、大字号（按 F 或 Esc 退出）',
  'ring.keys.escape': '关闭弹出框、退出演示模式，或取消选择',
  'ring.present.leave': '退出演示模式',
  'ring.present.leave.title': '退出演示模式（Esc）',
  // 与求解器对弈（play.js）：复盘的评语、对你而言的局面。
  'ring.play.threw.loop': '丢掉了胜局：现在双方都无法强制获胜',
  'ring.play.threw.win': '丢掉了胜局：现在对手经过 {lasting}获胜',
  'ring.play.threw.draw': '丢掉了循环（不败）的局面：现在对手经过 {lasting}获胜',
  'ring.play.best.win': '最优：最快的获胜走法',
  'ring.play.best.lose': '最优：坚持得最久',
  'ring.play.best.loop': '最优：保持在{=term.loop}中',
  'ring.play.slower': '仍然获胜，但要 {lasting}，而不是 {before}',
  'ring.play.sooner': '输得更快：{lasting}，而不是 {before}',
  'ring.play.slipped': '仍然获胜，但要 {lasting}，而不是 {before}，而且之后游戏又回到了这个局面',
  'ring.play.loop': '{=term.loop}：双方都无法强制获胜，所以在最优策略下游戏永不结束。',
  'ring.play.plies.each': '{count} 步（双方各走 {each} 步）',
  'ring.play.plies.you': '{count} 步（你走 {more} 步，电脑走 {fewer} 步）',
  'ring.play.plies.computer': '{count} 步（电脑走 {more} 步，你走 {fewer} 步）',
  'ring.play.you.win': '你必胜：最优对弈下游戏持续 {moves}，无论电脑怎么走，你都能赢。',
  'ring.play.you.win@pn': '你必胜：最优对弈下游戏持续 {moves}，无论电脑怎么走，你都能赢。',
  'ring.play.you.lose': '你必败：最优对弈下游戏持续 {moves}，无论你怎么走，电脑最多 {lasting}就能赢。',
  'ring.play.you.lose@pn': '你必败：最优对弈下游戏持续 {moves}，无论你怎么走，电脑最多 {lasting}就能赢。',

  // ---- graph (graph/*, loopy-graph.js) --------------------------------------------------------

  // ---- errors, by the core's code (error.CODE) ------------------------------------------------

  // ---- pages (page/*, index.html, graph.html) -------------------------------------------------

  // ---- export (export/*) ----------------------------------------------------------------------

  // ---- story (story/*, loopy-story.js) --------------------------------------------------------
};
