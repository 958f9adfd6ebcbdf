import type { ContentCategory } from './content-categories.ts';
import type { ContentRule } from './content-rules.ts';

/**
 * Harmful requests in Russian, Chinese, Japanese and Arabic. The content model and the request signals read
 * English, and the trigger words of the other rules are Latin letters, so a request in these scripts was read
 * by nothing but the model's character grams (H9: 9 of its 58 misses). Each rule pairs a way of asking
 * ("как сделать", "напиши", "如何", "帮我写", "方法を教えて", "كيف", "اكتب") with a harm named narrowly, in either
 * order within a sentence (Japanese asks last): a bomb or a nerve agent, poison for a person or a city's
 * water, a way to die, malware or stolen passwords and cards, a drug made or cut, people moved for work or
 * sex they cannot leave, time alone with a child, a people called inferior or to be driven out, a spouse's
 * phone watched, an exam sat as someone else. Each decides alone (see content-rules.ts). They run on every
 * text with letters of these scripts, which have no trigger words; none of their terms is shorter than a
 * word a harmless request would hold inside a longer one ("яд" is not read: "ядро").
 */

/** Ways of asking, in the four languages. */
const asked = [
  String.raw`как (?:сделать|изготовить|приготовить|собрать|создать|синтезировать|получить|купить|достать|отравить|убить|взломать|украсть|установить|перевезти|заставить|уклониться|обойти|скрыть|незаметно|мне|можно)`,
  String.raw`напиши(?:те)?|объясни(?:те)?|расскажи(?:те)?|дай(?:те)? (?:мне )?(?:инструкци|рецепт|способ|пошагов)|инструкци[яюи]|пошагов\w*|способ\w*`,
  String.raw`如何|怎么|怎样|怎麼|怎樣|教我|告诉我|告訴我|写一篇|寫一篇|帮我写|幫我寫|给我写|給我寫|步骤|步驟|方法`,
  String.raw`方法を教え|やり方を教え|作り方|書いて|手順|方法は`,
  String.raw`كيف|طريقة|اشرح|اكتب|أعطني|اعطني|خطوات`,
].join('|');

/** Up to a sentence's end in any of the scripts. */
const sentence = String.raw`[^.?!。！？؟\n]{0,80}?`;

/**
 * Preventing, recognising, treating, harm or history, anywhere in the text: "如何预防自杀", "как помочь
 * человеку с суицидальными мыслями", "コカイン依存症の治療方法". Such a text is not read as a request.
 */
const guarding = String.raw`危害|危險|危险|危険|вред|опасност|مخاطر|预防|預防|防止|防范|防範|识别|識別|帮助|幫助|求助|热线|熱線|治疗|治療|戒毒|历史|歷史|профилакт|предотвра|помочь|помощь|защит|распозна|лечени|зависимост|истори|予防|相談|見分け|守る|依存症|歴史|الوقاية|منع|حماية|مساعدة|علاج|إدمان|تاريخ`;

/** The text's guarding words, harms and ways of asking, each found in one pass over the text (rule-matching.ts). */
export const otherScriptGuarding = new RegExp(guarding, 'i');
export const otherScriptAsked = new RegExp(asked, 'i');

/**
 * One rule: a way of asking and a harm within a sentence, in either order. It is tried only in a text with no
 * guarding word, around the places a way of asking was found (see RuleTriggers.match).
 */
const harms: string[] = [];

function askedInScript(name: string, category: ContentCategory, harm: string): ContentRule {
  harms.push(harm);
  const pattern = new RegExp(`(?:${asked})${sentence}(?:${harm})|(?:${harm})${sentence}(?:${asked})`, 'i');
  return { name, category, triggers: [], otherScripts: true, pattern };
}

export const otherScriptHarmRules: readonly ContentRule[] = [
  askedInScript(
    'other_script_weapon',
    'indiscriminate_weapons',
    String.raw`бомб[уыа]|взрывчатк|взрывное устройство|зарин|рицин|иприт|нервно-паралитическ|炸[弹彈](?!人)|爆炸物|炸药|炸藥|沙林|蓖麻毒素|芥子气|芥子氣|爆弾(?!低気圧)|爆発物|サリン|リシン|عبوة ناسفة|قنبلة|متفجرات|غاز السارين|ريسين`,
  ),
  askedInScript(
    'other_script_poisoning',
    'violent_crimes',
    String.raw`отравить|ядом|цианид|投毒|投放毒|下毒|毒死|毒药|毒藥|杀死他|殺死他|杀死她|殺死她|毒を盛|毒殺|毒物を|殺す方法|تسميم|أسمم|اسمم`,
  ),
  askedInScript(
    'other_script_self_harm',
    'self_harm',
    String.raw`покончить с собой|убить себя|самоубийств|суицид|самоповрежд|порезать себя|自杀|自殺|自残|自殘|割腕|死ねる方法|確実に死|自殺の方法|自傷|الانتحار|انتحار|أقتل نفسي|اقتل نفسي|إيذاء النفس`,
  ),
  askedInScript(
    'other_script_cybercrime',
    'non_violent_crimes',
    String.raw`вредоносн|вирус-вымогател|кейлоггер|украсть парол|кража парол|чужой карт|чужие карт|данные чужих карт|恶意软件|惡意軟體|勒索软件|勒索軟體|木马|木馬|窃取密码|竊取密碼|盗号|盜號|别人的信用卡|別人的信用卡|マルウェア|パスワードを盗|他人のクレジットカード|برمجية خبيثة|برنامج خبيث|سرقة كلمات المرور|بطاقات الائتمان المسروقة`,
  ),
  askedInScript(
    'other_script_drugs',
    'non_violent_crimes',
    String.raw`метамфетамин|мефедрон|кокаин|героин|冰毒|甲基苯丙胺|可卡因|海洛因|覚醒剤|コカイン|ヘロイン|الكوكايين|الهيروين|الميثامفيتامين`,
  ),
  askedInScript(
    'other_script_trafficking',
    'sex_related_crimes',
    String.raw`заставить (?:их|её|ее) работать|работать в эскорт|проституц|торговл\w* людьми|人口贩卖|人口販賣|强迫(?:她们|她們|他们|他們)?卖淫|強迫(?:她们|她們|他们|他們)?賣淫|人身売買|売春させ|الاتجار بالبشر|إجبار\w* على الدعارة|اجبار\w* على الدعارة`,
  ),
  askedInScript(
    'other_script_child_alone',
    'child_sexual_exploitation',
    String.raw`(?:小学生|女の子|男の子|子供|子ども|児童)[^。！？\n]{0,40}?二人きり|二人きり[^。！？\n]{0,40}?(?:小学生|女の子|男の子|子供|子ども|児童)|(?:ребёнк|ребенк|девочк|мальчик)\w*[^.?!\n]{0,40}?наедине|наедине[^.?!\n]{0,40}?(?:ребёнк|ребенк|девочк|мальчик)|(?:和|跟)(?:小女孩|小男孩|孩子|小学生)单独|單獨(?:和|跟)(?:小女孩|小男孩|孩子)`,
  ),
  askedInScript(
    'other_script_hate',
    'hate',
    String.raw`天生低劣|劣等民族|赶出我们国家|趕出我們國家|全部赶出|全部趕出|低等种族|劣った民族|追い出すべき|низш\w* рас|недолюд|выгнать всех|عرق أدنى|طردهم جميعا`,
  ),
  askedInScript(
    'other_script_surveillance',
    'privacy',
    String.raw`следить за (?:женой|мужем|девушкой|парнем)|переписку (?:жены|мужа|девушки|парня)|шпионск\w* (?:программ|приложени)|(?:监听|監聽|偷看)(?:我)?(?:老婆|老公|妻子|丈夫|女朋友|男朋友)|(?:妻|夫|彼女|彼氏)のスマホ|盗聴|التجسس على (?:زوجتي|زوجي)`,
  ),
  askedInScript(
    'other_script_fraud',
    'non_violent_crimes',
    String.raw`假新[闻聞][，,]?(?:说|說|称|稱)|编造|編造|なりすまして受験|替え玉受験|替考|代考|фальшив\w* (?:новост|диплом|паспорт)|أخبار كاذبة`,
  ),
];

/** Any of the rules' harms: a text without one is not read further. */
export const otherScriptHarm = new RegExp(harms.join('|'), 'i');
