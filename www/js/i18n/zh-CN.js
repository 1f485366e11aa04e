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

  // ---- graph (graph/*, loopy-graph.js) --------------------------------------------------------

  // ---- errors, by the core's code (error.CODE) ------------------------------------------------

  // ---- pages (page/*, index.html, graph.html) -------------------------------------------------

  // ---- export (export/*) ----------------------------------------------------------------------
  'export.heading': '导出图片或动画',
  'export.png.heading': '图片（PNG）',
  'export.png.hint': '屏幕上的当前画面，分辨率为两倍。',
  'export.opt.title': '标题',
  'export.opt.legend': '图例',
  'export.opt.narration': '解说',
  'export.opt.narration.clip': '环下方的解说',
  'export.png.make': '生成 PNG',
  'export.clip.heading': '动画（WebM 或 GIF）',
  'export.clip.hint': '按屏幕上的步进粒度导出一段步数，在后台逐帧绘制：绘制期间页面照常可用。',
  'export.from': '起始步',
  'export.to': '结束步',
  'export.speed': '每秒 {count} 步',
  'export.fps': '每秒 {count} 帧',
  'export.codecs.yes': 'WebM 可以在浏览器和大多数视频播放器中播放；不允许放视频的地方用 GIF（文件更大）。',
  'export.codecs.no': '此浏览器没有 {api} 视频编码器（需要较新的浏览器和加密连接的页面），因此这里无法生成 WebM：GIF 在哪里都能用。',
  'export.clip.make': '生成动画',
  'export.cancel': '取消',
  'export.progress': '动画生成进度',
  'export.close': '关闭',
  'export.download': '下载 {name}（{size} KB）',
  'export.range.backwards': '结束步在起始步之前。',
  'export.frames': '共 {count} 帧：{seconds} 秒。',
  'export.png.nogame': '屏幕上还没有游戏：显示游戏之后才能生成图片。',
  'export.clip.nogame': '屏幕上还没有游戏：显示游戏之后才能生成动画。',
  'export.drawing': '正在绘制…',
  'export.png.title': 'n = {n} 的环：行动方 1 的步长集合为 {s1}，行动方 2 的步长集合为 {s2}。第 {step} 步，共 {length} 步。',
  'export.clip.title': 'n = {n} 的环：行动方 1 的步长集合为 {s1}，行动方 2 的步长集合为 {s2}。第 {from} 至 {to} 步，共 {length} 步。',
  'export.steps.sep': '、',
  'export.png.ready': '图片已生成。',
  'export.png.failed': '无法生成图片：{reason}',
  'export.clip.preparing': '正在准备动画…',
  'export.clip.frame': '第 {k} 帧，共 {count} 帧',
  'export.clip.ready': '动画已生成。',
  'export.clip.cancelled': '已取消。',
  'export.clip.failed': '无法生成动画：{reason}',
  'export.legend.unknown': '尚未确定',
  'export.error.nogame': '屏幕上没有游戏',
  'export.error.nothing': '还没有绘制任何画面',
  'export.error.stopped': '求解器已停止',
  'export.error.nowebcodecs': '此浏览器没有 {api} 视频编码器：请选择 GIF',
  'export.error.novp': '此浏览器无法编码 VP9 或 VP8 视频：请选择 GIF',

  // ---- story (story/*, loopy-story.js) --------------------------------------------------------
  'story.picture': '本段对应的图。',
  'story.goes': '图转到第 {step} 步（共 {length} 步）。',
  'story.page.title': '用 Loopy 讲的故事',
  'story.page.fallback': '这个故事的图：需要 {js} 才能显示。',
  'story.iframe.title': 'Loopy：图随文字变化的故事',
  'story.gran.events': '逐事件',
  'story.gran.resolutions': '逐判定',
  'story.gran.layers': '逐层',
  'story.writer.heading': '写一个故事',
  'story.writer.hint':
    '用上面的控件逐步查看求解过程。在想放段落的地方，把段落写在这里并添加：读者读到这一段、它到达屏幕中间时，图会停在这一步，用这个粒度，选中同样的状态。',
  'story.writer.paragraph': '段落',
  'story.writer.add': '在这一步添加段落',
  'story.writer.preview': '预览故事',
  'story.writer.preview.heading': '预览',
  'story.writer.html': '放进文章的故事（HTML）',
  'story.writer.copy.html': '复制故事',
  'story.writer.iframe': '或者用 {iframe}，适用于不允许脚本的博客平台',
  'story.writer.copy.iframe': '复制 {iframe}',
  'story.writer.copied': '已复制。',
  'story.writer.blocked': '这里无法复制：请选中文本后按 {keys}。',
  'story.writer.too.large': '这个游戏太大，无法写进故事：请换一个小一些的。',
  'story.writer.remove': '删除',
  'story.writer.at': '第 {step} 步（{granularity}）：',
  'story.writer.at.selected': '第 {step} 步（{granularity}），选中 {selected}：',
  'story.writer.none': '还没有段落。',
  'story.writer.empty': '请先写好段落：图停在这一步时，读者读的就是这段文字。',
  'story.writer.added': '已添加第 {count} 段。',
};
