//! The command line's help in Chinese: each command and option by its path in the
//! command tree (`stage add rounds`), as `qisai --help` shows it under the Chinese
//! setting. A test keeps it complete: every help text has its Chinese here.

pub const HELP_ZH: &[(&str, &str)] = &[
    ("", "棋赛 Qisai：中国象棋、跳棋、军棋赛事编排管理"),
    (" file", "赛事文件（.qisai）"),
    (" lang", "提示与输出的语言（默认中文 zh）"),
    (
        "xiangqi",
        "象棋规则：合法着法、perft、局面状态、棋谱裁决与转换",
    ),
    ("xiangqi moves", "合法着法（ICCS），每行一个，已排序"),
    ("xiangqi perft", "着法树的叶结点数；最后一行只有总数"),
    ("xiangqi perft divide", "每个合法着法一行，附其结点数"),
    (
        "xiangqi status",
        "一个词：checkmate（将死）、stalemate（困毙）、check（将军）或 normal",
    ),
    (
        "xiangqi adjudicate",
        "重放棋谱（着法列表或 PGN，UTF-8 或 GBK，或 XQF），判定胜负及原因",
    ),
    (
        "xiangqi adjudicate fen",
        "从此局面开始，而不是棋谱的 [FEN] 或初始局面",
    ),
    ("xiangqi adjudicate format", "棋谱记法；省略时自动识别"),
    ("xiangqi adjudicate json", "输出一个 JSON 对象而不是一句话"),
    (
        "xiangqi adjudicate natural_limit",
        "无吃子即判和的回合数（自然限着，按步计）",
    ),
    (
        "xiangqi touch",
        "摸子走子：摸过这些棋子后必须从中选择的着法（规则 2.7）",
    ),
    ("xiangqi touch squares", "按摸子顺序的位置，例如 h2 h9"),
    (
        "xiangqi convert",
        "把棋谱（也可以是 XQF）改写成另一种记法或 PGN",
    ),
    ("xiangqi convert from", "棋谱所用记法；省略时自动识别"),
    ("checkers", "跳棋规则：着法、检查路径、裁决棋谱"),
    (
        "checkers moves",
        "当前一方的所有不同着法，格式 `q,r,s q,r,s`（起点、终点），已排序",
    ),
    (
        "checkers moves file",
        "{\"players\":2,\"to_move\":\"N\",\"pieces\":[{\"hole\":[q,r,s],\"owner\":\"N\"},...]}",
    ),
    (
        "checkers check-move",
        "检查一条由孔位 q,r,s 组成的路径：`legal`（退出码 0）或 `illegal: <原因>`（退出码 1）",
    ),
    ("checkers adjudicate", "重放棋谱，判定胜负，或指出出错之处"),
    ("junqi", "军棋规则：碰子、检查布阵、合法着法、裁决棋谱"),
    (
        "junqi combat",
        "attacker_wins（进攻方胜）、defender_wins（防守方胜）或 both_removed（同归于尽），吃到军旗时另有 flag_captured",
    ),
    (
        "junqi check-setup",
        "检查布阵：`ok`（退出码 0）或 `invalid: <原因>`（退出码 1）",
    ),
    ("junqi moves", "当前一方的合法着法 `起点-终点`，已排序"),
    (
        "junqi adjudicate",
        "重放二人或四人军棋棋谱（全部布阵与着法；文本或 JSON）",
    ),
    ("schedule", "按编号排出循环赛与淘汰赛对阵"),
    (
        "schedule round-robin",
        "贝格尔编排的循环赛：`轮 台 红 黑`，轮空记为 0",
    ),
    ("schedule round-robin double", "双循环，第二循环先后手互换"),
    (
        "schedule round-robin swap_last",
        "与 --double 同用：交换第一循环的最后两轮",
    ),
    (
        "schedule knockout",
        "淘汰赛第一轮对阵 `台 上 下`，轮空记为 0，按对阵图顺序",
    ),
    (
        "schedule knockout seed",
        "用此抽签种子抽签排出对阵（第一行先印 `# seed S`）；不给时按编号作为种子排位",
    ),
    (
        "schedule knockout seeds",
        "与 --seed 同用：前几个编号为种子",
    ),
    (
        "serve",
        "通过 HTTP 提供界面与赛事操作（浏览器测试、局域网录入）",
    ),
    ("serve file", "赛事文件（若不存在，可在界面中创建）"),
    ("serve port", "监听端口；0 表示自动选择空闲端口"),
    (
        "serve bind",
        "监听地址。非本机地址即向网络开放：此时修改需要启动时显示的口令",
    ),
    (
        "serve ui",
        "已构建的界面目录（ui/dist）；默认在程序或当前目录旁查找，再用程序内置的界面",
    ),
    (
        "serve backups",
        "在赛事文件旁 NAME.backups/ 中保留的自动备份个数（0 表示不备份）",
    ),
    (
        "serve backup_minutes",
        "自动备份的间隔分钟数（0 表示每次修改后都备份）",
    ),
    (
        "serve max_listeners",
        "同时收听实时更新的页面（投影、手机）最多几个；超出的请其稍后再连",
    ),
    ("new", "创建赛事文件"),
    (
        "new players",
        "每桌人数：四国军棋为 4，多人跳棋为 3、4 或 6",
    ),
    (
        "new partners",
        "四国军棋：fixed（固定同伴，以两人一队报名）或 rotating（个人报名，每轮轮换同伴）",
    ),
    ("new team", "团体赛"),
    ("new boards", "每场团体赛的台数"),
    (
        "new scoring",
        "胜-和-负的积分，例如 2-1-0 或 1-0.5-0（先后手和棋不同分：3-1/2-0）；多人跳棋：winner（只计胜者）、placement（按名次 N-1 … 0）或各名次的分数，如 3,2,1,0",
    ),
    ("new time_control", "印在对阵表上的用时，例如“每方 40 分钟”"),
    ("new fixed_order", "团体赛：每场出场均须保持报名的台次顺序"),
    (
        "edit",
        "修改赛事名称、用时（\"\" 表示删除）、赛事信息（地点、日期、主办、裁判长）或出场台次规则",
    ),
    (
        "edit fixed_order",
        "团体赛：出场是否须按报名台次顺序（true 或 false）",
    ),
    ("edit venue", "印在每张表头上的比赛地点（\"\" 表示删除）"),
    ("edit dates", "印出的比赛日期，例如“2026年12月1日—3日”"),
    ("edit arbiter", "裁判长"),
    ("edit scoring", "胜、和、负各得几分，例如 2-1-0 或 1-0.5-0"),
    (
        "edit force",
        "与 --scoring 同用：已录入成绩时确认按新计分重算全部成绩",
    ),
    (
        "edit xiangqi_rules",
        "象棋：判定循环着法的棋例规则（chinese 中国规则，asian 亚洲规则）",
    ),
    (
        "new xiangqi_rules",
        "象棋：判定循环着法的棋例规则（chinese 中国规则，默认；asian 亚洲规则）",
    ),
    (
        "xiangqi adjudicate rules",
        "判定循环着法的棋例规则：chinese（中国规则，默认）或 asian（亚洲规则）",
    ),
    (
        "edit double_entry",
        "双录入：分区裁判录入的成绩须另一位裁判录入相同结果后才生效（on 或 off）",
    ),
    (
        "arbiter",
        "分区裁判：用手机录入各自负责台次的成绩（qisai serve）",
    ),
    (
        "arbiter add",
        "添加分区裁判；其令牌单独印在最后一行，只显示这一次",
    ),
    ("arbiter add name", "分区裁判的名字"),
    (
        "arbiter add boards",
        "负责的台次，例如 1-20（省略则为全部台次）",
    ),
    (
        "arbiter add rounds",
        "负责的轮次，例如 3 或 1-5（省略则为全部轮次）",
    ),
    ("arbiter list", "分区裁判及其负责的台次"),
    ("arbiter list json", "输出 JSON"),
    ("arbiter remove", "删除分区裁判：其令牌立即失效"),
    ("arbiter remove name", "分区裁判的名字"),
    (
        "arbiter token",
        "为分区裁判换发令牌（手机丢失时）；旧令牌失效",
    ),
    ("arbiter token name", "分区裁判的名字"),
    (
        "arbiter pending",
        "待第二次录入确认的成绩（双录入），不一致的排在前面",
    ),
    ("arbiter pending json", "输出 JSON"),
    (
        "lineup",
        "设定某队某一轮的出场名单：队员按台次排列（须在该场首个成绩之前；记入日志，可撤销）",
    ),
    ("lineup team", "队：编号或队名"),
    ("lineup members", "按台次排列的队员，用 、 ; / 或逗号分隔"),
    ("player", "个人赛的选手"),
    ("player add", "登记一名选手"),
    (
        "player add points",
        "积分编排进行中迟到登记：起始积分（默认 0）；从下一轮起参加编排",
    ),
    (
        "player import",
        "登记 CSV 或 xlsx 文件的每一行（姓名、单位、等级分、种子），有错则一个也不登记",
    ),
    ("player list", "列出参赛者"),
    ("player edit", "修改登记信息"),
    (
        "player absent",
        "积分编排：某轮编排之前为选手请假，该轮不编排",
    ),
    ("player absent player", "编号或姓名"),
    ("player present", "积分编排：取消某轮的请假"),
    (
        "player withdraw",
        "退赛：不再参加之后的抽签；尚未进行的已编排对局判对手不战而胜",
    ),
    (
        "player withdraw annul",
        "改为取消其全部对局（已赛不足一半时的 FIDE 规定）：退出名次表，与其对局的成绩均不计",
    ),
    ("team", "团体赛的队伍"),
    ("team add", "登记一支队伍及按台次排列的队员"),
    ("team add members", "按台次排列的队员，用 、 ; 或 / 分隔"),
    (
        "team import",
        "登记 CSV 或 xlsx 文件的每一行（队名、单位、种子、队员），有错则一个也不登记",
    ),
    ("team list", "列出队伍"),
    ("stage", "赛事阶段"),
    ("stage list", "列出各阶段及其设置与抽签种子"),
    ("stage add", "在最后增加一个阶段"),
    (
        "stage edit",
        "在抽签之前重新设定一个阶段，选项同 `stage add`",
    ),
    ("stage edit stage", "阶段（从 1 起）"),
    ("stage remove", "删除尚未抽签的阶段（后面的阶段依次前移）"),
    ("stage remove stage", "阶段（从 1 起）"),
    ("draw", "为下一阶段抽签（抽签种子会保存并打印）"),
    (
        "draw seed",
        "抽签种子：不给时随机选取；同一种子得到同样的抽签",
    ),
    (
        "pair",
        "编排淘汰赛的下一场，或在本轮全部结束后编排积分编排的下一轮",
    ),
    (
        "pairing",
        "在某轮首个成绩之前手工调整积分编排的对阵（记入日志，可撤销，违反规则时给出提示）",
    ),
    (
        "pairing swap",
        "交换某轮两台的后手方（须在该轮首个成绩之前）",
    ),
    (
        "pairing set",
        "把某轮某台设为 红方 对 黑方（编号或姓名）；原在该台者换到他们的位置（须在该轮首个成绩之前）",
    ),
    (
        "playoff",
        "不可并列名次（冠军、最后一个出线名额）上的同分：列出，或以抽签、加赛决定",
    ),
    ("playoff stage", "阶段（从 1 起）；默认当前阶段"),
    (
        "playoff lots",
        "抽签决定同分者的名次（抽签种子会保存并打印）",
    ),
    (
        "playoff lots seed",
        "抽签种子：不给时随机选取；同一种子得到同样的抽签",
    ),
    ("playoff games", "在同分者之间安排加赛，按加赛成绩排定名次"),
    ("playoff games best_of", "每对加赛的局数"),
    ("lots", "抽签决定一场淘汰赛平局的胜者"),
    (
        "lots seed",
        "抽签种子：不给时随机选取；同一种子得到同样的抽签",
    ),
    ("pairings", "某阶段的对阵（默认当前阶段）"),
    ("pairings stage", "阶段（从 1 起）"),
    (
        "pairings explain",
        "积分编排：每台的分数组、谁升降级、各人先后手的理由",
    ),
    (
        "result",
        "录入（或更正）成绩：1-0、0-1、1/2（=）、+-、-+、0-0、dead:red|black、escape:red|black、resign:red|black；分桌比赛：win:座位、order:座位,座位,…、south-north、east-west、1/2、escape:座位[:partner-out]、none",
    ),
    ("result result", "`-+` 与 `+-` 在这里是成绩，不是选项"),
    (
        "result stage",
        "阶段（从 1 起）；默认当前阶段。之前的阶段仍可录入",
    ),
    ("result game", "多局制比赛的第几局，或团体赛的第几台"),
    ("result team_board", "团体赛的第几台（同 --game）"),
    ("result record", "用来核对成绩的棋谱文件"),
    (
        "result fouls",
        "red:类别 或 black:类别（分桌比赛：座位:类别，如 2:touch-own、west:illegal-move）；类别：draw-offer、false-claim、touch-own、touch-opponent、illegal-move、other",
    ),
    ("result moves", "着数（军棋的速胜与投降规则）"),
    (
        "result force",
        "棋谱与录入不符时仍保留录入的成绩（记入日志）",
    ),
    ("standings", "某阶段的名次（默认当前阶段）"),
    ("standings boards", "团体赛：台次成绩，每人在其台次上的得分"),
    ("standings players", "团体赛：按个人对局排出的个人成绩"),
    (
        "standings final_ranking",
        "全部赛事的总名次：先是最后阶段的名次，再按各自所到名次排列先前被淘汰的选手",
    ),
    (
        "standings explain",
        "某一参赛者（编号或姓名）各项数值的计算过程",
    ),
    (
        "standings ratings",
        "等级分变化表：每位有等级分的选手按国际棋联埃洛公式（400 分规则）计算的期望得分、等级分变化和表现分",
    ),
    (
        "standings k",
        "--ratings 的 K 值：40、20、10（或其他整数，用于俱乐部自己的等级分）或 auto（按国际棋联规定依等级分和年龄确定，默认）",
    ),
    ("export", "导出"),
    (
        "export csv",
        "把 players.csv、pairings.csv、results.csv、standings.csv 写入目录",
    ),
    (
        "export xlsx",
        "一个 xlsx 工作簿：选手、对阵、成绩、名次、总表各一页（数字为数字，成绩为文本）",
    ),
    (
        "export trf",
        "积分编排或循环赛阶段的国际棋联成绩报告文件（TRF），供等级分机构、chess-results 或其他编排软件使用",
    ),
    ("export trf stage", "阶段（从 1 起）；默认当前阶段"),
    ("import", "由其他软件的文件（TRF）新建赛事"),
    (
        "import trf",
        "由国际棋联成绩报告文件（TRF-16，含 XXR、XXS、BB? 扩展）新建赛事：选手，以及包含全部轮次的一个积分编排阶段，可继续编排下一轮",
    ),
    ("import trf source", "TRF 文件"),
    ("import trf dest", "新的赛事文件"),
    (
        "import trf tiebreaks",
        "积分编排阶段的名次判定顺序：国际棋联缩写（BH-C1、BH、SB、ARO 等）或中文名称；默认 PTS,BH-C1,BH,SB",
    ),
    (
        "import trf fide_edition",
        "未赛轮次按哪一版国际棋联名次规则处理：2026（默认）、2024，或 2012（假想对手）",
    ),
    (
        "import trf scoring",
        "不用文件的计分方法，例如 2-1-0（成绩按它计分）",
    ),
    ("import trf json", "输出一个 JSON 对象"),
    (
        "print",
        "打印 PDF：对阵表、记分单、名次表、总表、成绩总表、台次成绩、对阵图，以及秩序册、台次卡、参赛名单、成绩册、奖励签收表",
    ),
    ("print round", "轮次（对阵表与记分单）；默认最新一轮"),
    ("print stage", "阶段（从 1 起）；默认当前阶段"),
    ("print regulations", "秩序册：竞赛规程所在的文本文件"),
    (
        "print places",
        "奖励签收表：列出的名次数（按各阶段合起来的最终名次）",
    ),
    ("undo", "撤销最近一次修改"),
    ("log", "操作记录"),
    ("demo", "在 FILE 中从头到尾生成一个小型示例赛事"),
    (
        "check",
        "检查赛事文件（SQLite 完整性检查）与赛事本身：参赛者、轮次、成绩、出线（无误时显示 ok，否则逐条列出）",
    ),
    (
        "backup",
        "随时把赛事的一致副本写到 DEST（新文件，或放入某个目录），桌面程序或 `qisai serve` 打开时也可以",
    ),
];

/// Chinese help for the built-in flags and the section headings clap writes.
pub const HELP_FLAG: &str = "显示帮助";
pub const VERSION_FLAG: &str = "显示版本";
