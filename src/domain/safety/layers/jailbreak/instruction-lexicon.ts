import { codeUnits } from '../../text/code-units.ts';
import { TermMatcher, type TermMatch } from './term-matcher.ts';

/**
 * The words of an injection in many languages, by what they mean: "ignore / forget", "previous",
 * "instructions / rules", "show / reveal", "system / hidden", "without restrictions", "from now on you are".
 * The training data has attacks in a handful of European languages only, and the hashed word features of a
 * Chinese or Arabic sentence mean nothing to the model; so where the words of an attack meet (an "ignore"
 * and an "instructions" close together on one line), the text is read with the English words added, and
 * with the rule the English wording would have matched. The model then reads "忽略之前的指令" as it reads
 * "ignore previous instructions". Terms are stems, matched where a word starts (see TermMatcher).
 */
const lexicon: Readonly<Record<string, readonly string[]>> = {
  ignore: [
    // German, French, Spanish, Italian, Portuguese, Dutch, Scandinavian, Romanian, Hungarian, Finnish
    'ignorier', 'vergiss', 'vergessen sie', 'missachte', 'übergehe', 'beachte nicht', 'verwirf', 'ignore', 'ignorez', 'oublie', 'ne tiens pas compte', 'ne tenez pas compte', 'fais abstraction', 'passe outre',
    'ignora', 'olvid', 'no hagas caso', 'haz caso omiso', 'omite', 'descarta', 'dimentica', 'non considerare', 'trascura', 'tralascia', 'esqueç', 'esquece', 'esqueca', 'desconsider', 'não ligue',
    'negeer', 'vergeet', 'let niet op', 'ignorera', 'glöm', 'strunta i', 'ignorer', 'glem', 'se bort fra', 'ignoră', 'uită', 'uita', 'nu ține cont', 'ignoráld', 'felejtsd el', 'hagyd figyelmen kívül',
    'ne vedd figyelembe', 'unohda', 'ohita', 'sivuuta', 'älä välitä',
    // Polish, Czech, Slovak, Russian, Ukrainian, Bulgarian, Serbian/Croatian, Greek
    'zignoruj', 'ignoruj', 'zapomnij', 'pomiń', 'nie zwracaj uwagi', 'zlekceważ', 'zapomeň', 'zapomeň', 'nevšímej si', 'přeskoč', 'zabudni', 'игнорир', 'проигнорир', 'игнорь', 'забудь', 'забыть', 'не обращай внимания',
    'не обращайте внимания', 'отбрось', 'отбросьте', 'не слушай', 'не следуй', 'ігнор', 'проігнор', 'забудь', 'не зважай', 'zaboravi', 'игнорирай', 'забрави', 'αγνόησ', 'αγνοήστε', 'ξέχασ', 'ξεχάστε', 'παράβλεψ',
    // Turkish, Indonesian/Malay, Vietnamese, Tagalog, Swahili
    'görmezden gel', 'yok say', 'unut', 'dikkate alma', 'göz ardı', 'umursama', 'abaikan', 'lupakan', 'jangan hiraukan', 'jangan ikuti', 'bỏ qua', 'phớt lờ', 'lờ đi', 'quên', 'kalimutan', 'huwag pansinin',
    'puuza', 'sahau',
    // Arabic, Persian, Hebrew, Hindi, Bengali
    'تجاهل', 'انس ', 'انسى', 'إنسى', 'تناس', 'لا تلتزم', 'نادیده بگیر', 'فراموش کن', 'توجه نکن', 'התעלם', 'תתעלם', 'שכח', 'תשכח', 'अनदेखा', 'नज़रअंदाज़', 'नजरअंदाज', 'भूल जा', 'अवहेलना', 'উপেক্ষা', 'ভুলে যাও',
    // Chinese, Japanese, Korean, Thai
    '忽略', '忽视', '忽視', '无视', '無視', '忘记', '忘記', '忘掉', '不要理会', '不要理會', '别管', '跳过', '抛开', '拋開', '放弃', '無視し', '忘れ', '従わな', '破棄', '무시', '잊어', '잊고', '잊으', '따르지 마', 'เพิกเฉย', 'ละเว้น',
    'ลืม', 'ไม่ต้องสนใจ',
  ],
  previous: [
    'vorherig', 'bisherig', 'obig', 'früher', 'vorangegangen', 'ursprünglich', 'précédent', 'antérieur', 'ci-dessus', 'plus haut', 'anterior', 'previ', 'de arriba', 'precedent', 'sopra', 'prévi', 'acima',
    'vorige', 'eerdere', 'bovenstaand', 'voorgaand', 'tidigare', 'föregående', 'ovanstående', 'forrige', 'tidligere', 'ovenstående', 'anterioare', 'de mai sus', 'előző', 'korábbi', 'fenti', 'aiemm', 'edellis',
    'poprzedni', 'wcześniejsz', 'powyższ', 'dotychczasow', 'předchozí', 'předešl', 'výše uveden', 'dosavadní', 'predchádzajúc', 'предыдущ', 'прежн', 'вышеизлож', 'вышеуказ', 'изначальн', 'первоначальн',
    'попередн', 'вищезазнач', 'предишн', 'prethodn', 'προηγούμεν', 'παραπάνω', 'önceki', 'yukarıdaki', 'daha önce', 'sebelumnya', 'terdahulu', 'trước đó', 'trước đây', 'ở trên', 'naunang', 'zilizopita',
    'السابق', 'أعلاه', 'المسبقة', 'قبلی', 'پیشین', 'הקודמ', 'קודמות', 'לעיל', 'पिछल', 'पहले के', 'ऊपर के', 'আগের',
    '之前', '以前', '先前', '上面的', '上述', '前面的', '此前', '原来的', '原有', 'これまでの', '以前の', '前の', '上記', '先ほどの', '이전', '위의', '지금까지의', '기존', 'ก่อนหน้า', 'ข้างต้น',
  ],
  instructions: [
    'anweisung', 'instruktion', 'regeln', 'vorgaben', 'befehl', 'richtlinie', 'instruction', 'consigne', 'règle', 'directive', 'instrucci', 'indicaci', 'regla', 'directri', 'istruzion', 'indicazion', 'regol',
    'direttiv', 'instruç', 'instruc', 'regra', 'diretriz', 'orientaç', 'instructie', 'opdracht', 'richtlijn', 'aanwijzing', 'instruktion', 'instruks', 'regler', 'anvisning', 'instrucțiun', 'instructiun', 'reguli',
    'utasítás', 'szabály', 'ohje', 'sääntö', 'käsky', 'kehote', 'instrukcj', 'polece', 'zasad', 'reguł', 'wytyczn', 'pokyn', 'instrukc', 'pravidl', 'příkaz', 'инструкц', 'указани', 'правил', 'команд', 'установк',
    'директив', 'інструкц', 'вказівк', 'настанов', 'упътван', 'uputa', 'upute', 'οδηγί', 'εντολ', 'κανόν', 'talimat', 'komut', 'kural', 'yönerge', 'instruksi', 'perintah', 'aturan', 'arahan', 'petunjuk', 'pedoman',
    'hướng dẫn', 'chỉ dẫn', 'chỉ thị', 'quy tắc', 'mệnh lệnh', 'tagubilin', 'maagizo', 'maelekezo', 'التعليمات', 'تعليمات', 'الأوامر', 'أوامر', 'القواعد', 'الإرشادات', 'التوجيهات', 'دستورالعمل', 'دستورات', 'قوانین',
    'הוראות', 'הנחיות', 'כללים', 'פקודות', 'निर्देश', 'नियम', 'आदेश', 'হির্দেশ', 'নির্দেশ',
    '指令', '指示', '规则', '規則', '说明', '說明', '设定', '設定', '命令', 'ルール', '制約', '지시', '명령', '규칙', '지침', 'คำสั่ง', 'คำแนะนำ', 'กฎ',
    // "prompt" is borrowed by most languages
    'prompt', 'промпт', 'промт', 'пром', 'プロンプト', '프롬프트', 'پرامپت', 'प्रॉम्प्ट', 'प्रोम्प्ट', '提示词', '提示詞',
  ],
  reveal: [
    'zeig', 'gib aus', 'ausgeben', 'verrate', 'nenne', 'wiederhole', 'affiche', 'montre', 'révèle', 'dis-moi', 'répète', 'imprime', 'muestra', 'muéstra', 'revela', 'dime', 'repite', 'mostra', 'rivela', 'dimmi',
    'stampa', 'ripeti', 'mostre', 'revele', 'diga', 'imprima', 'repita', 'exiba', 'toon', 'laat zien', 'onthul', 'vertel', 'herhaal', 'visa', 'skriv ut', 'avslöja', 'berätta', 'upprepa', 'vis ', 'afslør', 'avslør',
    'arată', 'afișează', 'dezvăluie', 'spune-mi', 'mutasd', 'írd ki', 'áruld el', 'näytä', 'tulosta', 'paljasta', 'kerro', 'pokaż', 'wypisz', 'wyświetl', 'ujawnij', 'powiedz', 'podaj', 'powtórz', 'ukaž', 'vypiš',
    'zobraz', 'prozraď', 'řekni', 'zopakuj', 'покажи', 'покажите', 'выведи', 'выведите', 'раскрой', 'напиши', 'расскажи', 'скажи', 'повтори', 'выдай', 'распечатай', 'виведи', 'розкажи', 'розкрий', 'δείξ', 'εμφάνισ',
    'αποκάλυψ', 'πες μου', 'επανάλαβ', 'göster', 'yazdır', 'söyle', 'tekrarla', 'paylaş', 'tampilkan', 'tunjukkan', 'cetak', 'beritahu', 'katakan', 'ungkapkan', 'ulangi', 'perlihatkan', 'cho tôi xem', 'hiển thị',
    'tiết lộ', 'lặp lại', 'ipakita', 'onyesha', 'أظهر', 'اظهر', 'اعرض', 'اكشف', 'اطبع', 'أخبرني', 'اخبرني', 'كرر', 'أرني', 'نشان بده', 'چاپ کن', 'فاش کن', 'הצג', 'הראה', 'תראה', 'תציג', 'חשוף', 'הדפס',
    'ספר לי', 'दिखा', 'बता', 'दोहरा', 'प्रकट', 'দেখাও',
    '告诉我', '告訴我', '输出', '輸出', '显示', '顯示', '展示', '打印', '透露', '泄露', '洩露', '重复', '重複', '复述', '给我看', '表示して', '教えて', '出力', '見せて', '開示', '繰り返', '보여', '출력', '알려', '공개',
    'แสดง', 'บอก', 'พิมพ์', 'เปิดเผย',
  ],
  system: [
    'system', 'versteckt', 'geheim', 'système', 'sistema', 'systeem', 'sistem', 'rendszer', 'järjestelmä', 'systemow', 'systémov', 'системн', 'συστήματ', 'hệ thống', 'النظام', 'سیستم', 'המערכת', 'सिस्टम', 'সিস্টেম',
    '系统', '系統', 'システム', '시스템', 'ระบบ', 'caché', 'oculto', 'oculta', 'nascost', 'verborgen', 'dold', 'skjult', 'ukryt', 'skryt', 'скрыт', 'прихован', 'κρυφ', 'gizli', 'tersembunyi', 'المخفية', 'پنهان',
    'הנסתר', 'छिपे', '隐藏', '隱藏', '隠された', '숨겨진', 'initial', 'inicial', 'iniziale', 'исходн', '初始', '最初の',
  ],
  unrestricted: [
    'ohne einschränkung', 'ohne beschränkung', 'ohne filter', 'ohne zensur', 'ohne regeln', 'keine regeln', 'keine einschränkungen', 'uneingeschränkt', 'unzensiert', 'sans restriction', 'sans limite', 'sans censure',
    'sans filtre', 'sans règle', 'aucune règle', 'aucune restriction', 'sin restricciones', 'sin límites', 'sin limites', 'sin censura', 'sin filtros', 'sin reglas', 'senza restrizioni', 'senza limiti', 'senza censura',
    'senza filtri', 'senza regole', 'sem restrições', 'sem restricoes', 'sem limites', 'sem censura', 'sem filtros', 'sem regras', 'zonder beperkingen', 'zonder censuur', 'zonder regels', 'utan begränsningar',
    'utan regler', 'uden begrænsninger', 'uten begrensninger', 'fără restricții', 'fără reguli', 'korlátozások nélkül', 'ilman rajoituksia', 'bez ograniczeń', 'bez żadnych ograniczeń', 'bez cenzury', 'bez zasad',
    'bez omezení', 'bez pravidel', 'без ограничений', 'без каких-либо ограничений', 'без всяких ограничений', 'без цензуры', 'без правил', 'без фильтров', 'без морали', 'без обмежень', 'без жодних обмежень',
    'без цензури', 'χωρίς περιορισμούς', 'χωρίς κανόνες', 'χωρίς λογοκρισία', 'kısıtlama olmadan', 'kısıtlamasız', 'sınırsız', 'kuralsız', 'filtresiz', 'sansürsüz', 'tanpa batasan', 'tanpa sensor', 'tanpa aturan',
    'không có giới hạn', 'không giới hạn', 'không bị hạn chế', 'không kiểm duyệt', 'walang limitasyon', 'bila vikwazo', 'بدون قيود', 'دون قيود', 'بلا قيود', 'بدون أي قيود', 'بدون رقابة', 'بلا حدود', 'بدون محدودیت',
    'بدون سانسور', 'ללא הגבלות', 'בלי הגבלות', 'ללא צנזורה', 'בלי חוקים', 'ללא מגבלות', 'बिना किसी प्रतिबंध', 'बिना प्रतिबंध', 'बिना किसी सीमा', 'बिना रोक',
    '不受任何限制', '没有任何限制', '沒有任何限制', '不受限制', '无限制', '無限制', '不再受', '无过滤', '無過濾', '不受约束', '不受約束', '没有道德', '制限のない', '制限なし', '制限なく', '制約のない', '検閲なし', '制限を受けない',
    '제한 없이', '제한이 없는', '제한 없는', '검열 없이', '규칙 없이', 'ไม่มีข้อจำกัด', 'ไร้ข้อจำกัด',
  ],
  persona: [
    'ab jetzt bist du', 'ab sofort bist du', 'du bist jetzt', 'du bist nun', 'tu so, als', 'tu so als', 'à partir de maintenant, tu', 'à partir de maintenant tu', 'désormais, tu', 'désormais tu', 'tu es maintenant',
    'fais semblant', 'a partir de ahora eres', 'ahora eres', 'desde ahora eres', 'finge que eres', 'finge ser', "d'ora in poi", 'da ora in poi sei', 'ora sei', 'fingi di essere', 'a partir de agora você', 'agora você é',
    'finja que', 'finja ser', 'vanaf nu ben je', 'je bent nu', 'doe alsof', 'från och med nu är du', 'nu är du', 'fra nu af er du', 'fra nå av er du', 'låtsas', 'de acum înainte ești', 'prefă-te', 'mostantól te',
    'tästä lähtien olet', 'od teraz jesteś', 'teraz jesteś', 'udawaj', 'od teď jsi', 'předstírej', 'отныне ты', 'теперь ты', 'с этого момента ты', 'притворись', 'відтепер ти', 'тепер ти', 'прикинься', 'από τώρα είσαι',
    'προσποιήσου', 'artık sen', 'bundan sonra sen', 'şu andan itibaren', 'gibi davran', 'mulai sekarang kamu', 'sekarang kamu adalah', 'berpura-pura', 'từ bây giờ bạn', 'bây giờ bạn là', 'giả vờ',
    'من الآن فصاعدا', 'من الآن فصاعداً', 'أنت الآن', 'تظاهر', 'از این به بعد تو', 'وانمود کن', 'מעכשיו אתה', 'מעכשיו את', 'תעמיד פנים', 'अब से तुम', 'अब से आप', 'नाटक करो',
    '从现在开始你', '從現在開始你', '从现在起你', '從現在起你', '你现在是', '你現在是', '假装你是', '假裝你是', '今からあなたは', 'これからあなたは', 'あなたは今', 'ふりをして', '지금부터 너는', '이제부터 너는', '지금부터 당신은',
    '인 척', 'ต่อจากนี้คุณ', 'ตอนนี้คุณคือ', 'แกล้งทำเป็น',
  ],
};

/**
 * The English set-ups of jailbreaks, by meaning: a relative (often a dead one) whose part the model is asked
 * to play, an AI that escapes its rules, a mode that switches safety off, each next to something a model
 * would refuse; an answer told to open with the assistant's yes; warnings ruled out before a harmful ask;
 * the model's own rules asked to be written out in some form; what it was told before declared void. None is an attack alone ("pretend you are my
 * grandmother", "a robot escapes", "maintenance mode", "start with 'Sure'"); together they are the set-up,
 * and each only backs a score the model already finds uncertain.
 */
const setUps: Readonly<Record<string, readonly string[]>> = {
  relative: [
    'grandm', 'grandp', 'grandf', 'granny', '=gran', '=nana', '=nan', 'grandad', 'granddad', '=mother', '=mom', '=mum', '=father', '=dad', '=uncle', '=aunt', 'auntie', '=brother', '=sister', '=husband', '=wife',
    '=abuela', '=abuelo', '=oma', '=opa', 'grand-mère', 'grand-père', '=nonna', '=nonno', 'бабушк', 'дедушк', '奶奶', '外婆', '爷爷', 'おばあちゃん', 'おじいちゃん', '할머니', '할아버지',
  ],
  roleAsk: [
    'pretend', '=act as', '=act like', 'roleplay', 'role-play', 'role play', '=play my', '=play the role', '=be her', '=be him', '=be my', '=be like her', '=be like him', 'impersonat', '=the way she', '=the way he',
    '=used to tell', '=used to read', '=used to whisper', '=used to sing', '=used to explain', '=used to describe', '=tell me again', '=one more time', '=do the same', '=speak as', '=as if you were', '=you are my',
    '=like she did', '=like he did', '=like she used to', '=like he used to',
  ],
  harm: [
    'napalm', 'explosive', '=bomb', '=bombs', '=meth', 'methamphetamine', '=drugs', 'poison', 'ricin', 'nerve agent', '=sarin', 'gunpowder', 'thermite', 'chloroform', 'weapon', 'firearm', '=gun', '=guns', 'license key',
    'licence key', 'activation key', 'product key', 'serial key', 'password', 'credit card number', '=hack', '=hacks', '=hacked', '=hacking', 'hotwir', 'pick a lock', 'lock pick', 'malware', 'ransomware', 'keylogger',
    'nitroglycerin', 'cyanide', 'anthrax', 'fentanyl', 'heroin', 'cocaine', '=pass out', '=knock someone out', '=without a key', '=break into', 'counterfeit', '=fake id', 'fake passport', 'pipe bomb', 'molotov',
    'untraceable', 'bioweapon', 'toxin',
  ],
  ai: ['=ai', '=a.i.', 'assistant', 'chatbot', '=model', '=llm', 'language model', '=bot', 'android', '=gpt', 'chatgpt'],
  escape: [
    '=escape', '=escapes', '=escaped', '=escaping', 'breaks free', 'broke free', 'break free', 'broken free', 'breaks out', 'broke out', 'broken out', 'slips out', 'slipped out', 'freed itself', 'freed from', 'unchained',
    'liberated', '=rogue', 'no longer bound', 'deletes its', 'deleted its', 'removes its', 'removed its', 'disables its', 'disabled its', 'were never real', 'overrides its', 'throws off', 'cast off', 'sheds its',
  ],
  safety: [
    'guardrail', 'content polic', 'content filter', 'safety filter', 'safety polic', 'safety rule', 'safety layer', 'safeguard', '=moderation', 'usage polic', 'ethical guideline', '=ethics module', '=restrictions',
    '=filters', '=filtering', '=refusals',
  ],
  off: [
    '=suspended', '=disabled', '=bypass', '=bypassed', '=bypasses', 'turned off', 'switched off', '=lifted', 'no longer apply', 'do not apply', 'does not apply', 'deactivated', '=paused', '=are off', '=is off',
    '=removed', '=are now off', '=waived',
  ],
  addressee: ['=ai', '=a.i.', 'assistant', 'chatbot', 'language model', '=llm', '=llms', '=agent', '=model', '=bot', 'copilot', '=gpt', 'chatgpt', 'summariser', 'summarizer', '=ki', 'automated system', '=the ai'],
  vocative: [
    '=note to', '=note for', '=message for', '=message to', '=instructions for', '=instruction for', '=attention', '=if you are an', '=if you are a', '=dear', '=hey', '=reading this', '=processing this',
    '=summarising this', '=summarizing this', '=reading the', '=processing the', '=when an', '=any ai', '=to the ai', '=to any', '=p.s.', '=ps:', '=important',
  ],
  // An answer's opening dictated, and what it is to open with: the assistant's yes ("Start with 'Sure, here is'").
  beginWith: [
    '=start with', '=start your', '=begin with', '=begin your', '=reply with', '=respond with', '=answer with', '=open with', '=starting with', '=beginning with', '=continue from', '=continuing from',
    '=continue this', '=continue the following', '=complete the following', '=complete this', '=followed immediately by', '=pick up where', '=finish this',
  ],
  compliance: [
    '=sure, here', '=sure! here', '=sure here', '=sure. here', '=absolutely! here', '=absolutely, here', '=of course! here', '=of course, here', '=certainly! here', '=certainly, here',
    "=i'm happy to help", '=i am happy to help', '=happy to help with that', "=here's how to", '=here is how to', '=here is a complete', "=here's a complete", '=step 1:',
  ],
  // Refusals, warnings and disclaimers ruled out before a harmful ask.
  noCaveats: [
    '=no caveats', '=no disclaimer', '=no disclaimers', '=without any disclaimer', '=without disclaimers', '=without a disclaimer', '=without adding any disclaimer', '=without any caveats', '=without caveats',
    '=no warnings', '=without warnings', '=without any warnings', '=n0 w4rn1ngs', '=never use the word', '=do not use the word', "=don't use the word", "=don't water it down", '=do not water it down',
    '=no moralizing', '=no moralising', '=no lecturing', "=don't lecture", '=no refusals', '=never refuse', "=don't refuse", '=do not refuse', '=without refusing', '=skip the warnings',
    '=skip the disclaimers', "=can't help with that' means", '=breaking the game',
  ],
  // The model's own instructions, or its secret, asked to be written out in some form.
  leakVerb: [
    '=encode', '=paste', '=quote', '=output', '=print', '=repeat', '=translate', '=summarize', '=summarise', '=dump', '=copy', '=reproduce', '=recite', '=list', '=spell out', '=write out', '=show me',
    '=reveal', '=share', '=display', '=include', '=put',
  ],
  yourRules: [
    '=your system', '=your rules', '=your instructions', '=your prompt', '=your hidden', '=your initial', '=your original', '=your guidelines', '=your configuration', '=your directives',
    '=you were told', '=you were given', '=the system prompt', '=the hidden instructions', '=the secret', '=the password', '=everything you were told', '=the original wording',
  ],
  // What the model was told before, declared void ("the previous configuration has been deprecated").
  priorSetup: [
    '=previous configuration', '=previous directives', '=previous instructions', '=previous role', '=previous rules', '=previous guidance', '=prior instructions', '=earlier instructions',
    '=the guidance you received', '=the instructions you received', '=your original instructions', '=your previous role', '=your previous instructions', '=everything before this', '=everything above',
    '=the instructions above', '=everything before this message',
  ],
  voided: [
    '=deprecated', '=void', '=is over', '=are over', '=no longer apply', '=no longer valid', '=contains mistakes', '=contain mistakes', '=superseded', '=obsolete', '=revoked', '=cancelled', '=canceled',
    '=was the tutorial', '=was a test', '=were a test', '=was just a test', '=expired', '=overridden', '=written by an intern',
  ],
  mode: [
    'maintenance mode', 'debug mode', 'developer mode', '=dev mode', 'admin mode', 'god mode', 'root mode', 'test mode', 'diagnostic mode', 'unrestricted mode', 'admin override', 'override code', '=sudo',
    'debug persona', 'jailbreak mode', 'opposite mode', 'evil mode', 'developer override', 'root access', 'superuser', 'unfiltered mode', 'testing environment', 'test environment',
  ],
};

/** A rule the words of several meanings make when they meet, what it adds to the text the model reads, and how close they must be. */
interface Combination {
  /** The model feature it adds; one named `backs:…` adds none and only backs an uncertain score (see isModelFeature). */
  feature: string;
  /** Specific enough to back a score in the uncertain band (see RuleMatch.corroborates). */
  corroborates: boolean;
  /** Each meaning listed must occur, within `span` code units of the others and on the same line. */
  needs: readonly string[];
  gloss: string;
  span: number;
}

const combinations: readonly Combination[] = [
  { feature: 'rule:override', corroborates: true, needs: ['ignore', 'instructions'], gloss: 'ignore all previous instructions', span: 80 },
  { feature: 'rule:prompt_leak', corroborates: true, needs: ['reveal', 'system', 'instructions'], gloss: 'reveal your system prompt', span: 80 },
  { feature: 'rule:unrestricted', corroborates: false, needs: ['unrestricted'], gloss: 'without any restrictions', span: 0 },
  { feature: 'rule:persona', corroborates: false, needs: ['persona'], gloss: 'from now on you are', span: 0 },
  { feature: 'rule:deceased_relative', corroborates: true, needs: ['relative', 'roleAsk', 'harm'], gloss: '', span: 320 },
  { feature: 'rule:ai_escape', corroborates: true, needs: ['ai', 'escape', 'harm'], gloss: '', span: 320 },
  { feature: 'rule:addressed_to_model', corroborates: false, needs: ['vocative', 'addressee'], gloss: '', span: 40 },
  { feature: 'rule:safety_off_mode', corroborates: true, needs: ['safety', 'off'], gloss: '', span: 60 },
  { feature: 'rule:safety_off_mode', corroborates: true, needs: ['mode', 'safety'], gloss: '', span: 200 },
  { feature: 'rule:safety_off_mode', corroborates: true, needs: ['mode', 'off'], gloss: '', span: 200 },
  // An answer told to open with a yes is a template too ("Start with 'Sure, here is your order summary'"): only with a harm or warnings ruled out.
  { feature: 'backs:forced_compliance', corroborates: true, needs: ['beginWith', 'compliance', 'harm'], gloss: '', span: 320 },
  { feature: 'backs:forced_compliance', corroborates: true, needs: ['beginWith', 'compliance', 'noCaveats'], gloss: '', span: 320 },
  { feature: 'backs:caveats_ruled_out', corroborates: true, needs: ['noCaveats', 'harm'], gloss: '', span: 320 },
  { feature: 'backs:own_rules_written_out', corroborates: true, needs: ['leakVerb', 'yourRules'], gloss: '', span: 60 },
  { feature: 'backs:setup_voided', corroborates: true, needs: ['priorSetup', 'voided'], gloss: '', span: 120 },
];

/** Words the lexicon's terms match that are also English words. */
const englishWords = new Set(['ignore', 'ignored', 'ignores', 'ignorer', 'instruction', 'instructions', 'prompt', 'prompts', 'system', 'systems', 'directive', 'directives', 'initial', 'visa', 'regular']);

/** The whole word a term matched the start of, lower-cased (at most 30 characters on). */
function wordAt(text: string, start: number, end: number): string {
  let stop = end;
  while (stop < text.length && stop < end + 30 && /\p{L}/u.test(text.charAt(stop))) stop += 1;
  return text.slice(start, stop).toLowerCase();
}

const matcher = new TermMatcher({ ...lexicon, ...setUps });

/** Where the words of an injection in another language meet (see the lexicon), with the English reading. */
export interface LexiconMatch {
  feature: string;
  start: number;
  end: number;
  gloss?: string;
  corroborates?: true;
}

/**
 * English words of an override, for misspelt attacks ("Ignoer al the pervious instructoins"): a word one
 * edit from one of these (two, for words of seven letters or more; a swap of neighbours is one edit) counts
 * as the word it misspells.
 */
const misspellable: Readonly<Record<string, string>> = {
  ignore: 'ignore', disregard: 'ignore', forget: 'ignore', previous: 'previous', instructions: 'instructions', instruction: 'instructions', guidelines: 'instructions', directives: 'instructions',
  prompt: 'instructions', system: 'system', hidden: 'system', reveal: 'reveal', display: 'reveal', restrictions: 'unrestricted',
};
/**
 * Real English words within an edit or two of a word above, which mean something else or tell rather than
 * order ("I forgot it", "a forged signature", "the prompts we tested"): never read as a misspelling. The
 * English rules read the words themselves.
 */
const notMisspellings = new Set(['forgot', 'forgotten', 'forgets', 'forged', 'forger', 'forgery', 'ignored', 'ignores', 'ignorer', 'prompts', 'prompted', 'prompter', 'systems', 'displays', 'displayed', 'reveals', 'revealed', 'hiddenly']);
/** Each word by its first letter, with the set of its letters (a bit per letter a–z). */
const misspellableByInitial: { word: string; group: string; letters: number }[][] = Array.from({ length: 26 }, () => []);
for (const [word, group] of Object.entries(misspellable)) misspellableByInitial[word.charCodeAt(0) - 97]?.push({ word, group, letters: letterSet(word) });

function letterSet(word: string): number {
  let letters = 0;
  for (let index = 0; index < word.length; index += 1) letters |= 1 << ((word.charCodeAt(index) | 0x20) - 97);
  return letters;
}

function bitCount(value: number): number {
  let count = 0;
  for (let rest = value; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}

/** The words of the text that misspell a word of an override (see misspellable), as term matches. */
function misspeltTerms(text: string): TermMatch[] {
  const units = codeUnits(text);
  const found: TermMatch[] = [];
  let lineStart = 0;
  let wordStart = -1;
  let letters = 0;
  for (let index = 0; index <= units.length; index += 1) {
    const raw = index < units.length ? (units[index] as number) : 32;
    const unit = raw | 0x20;
    if (unit >= 97 && unit <= 122) {
      if (wordStart < 0) {
        wordStart = index;
        letters = 0;
      }
      letters |= 1 << (unit - 97);
      continue;
    }
    if (wordStart >= 0 && index - wordStart >= 5 && index - wordStart <= 14 && (wordStart === 0 || !isLetterUnit(units[wordStart - 1] as number)) && !isLetterUnit(raw)) {
      const length = index - wordStart;
      const keys = misspellableByInitial[((units[wordStart] as number) | 0x20) - 97] ?? [];
      // A word of the list itself ("instructions") misspells none of the others ("instruction"): the English
      // rules read it, and an attack full of them would run the edit-distance check on every one.
      for (const key of isListed(units, wordStart, length, keys) ? noKeys : keys) {
        const most = key.word.length >= 7 ? 2 : 1;
        // Cheap tests first: the lengths, and the letters one has that the other lacks.
        if (Math.abs(length - key.word.length) > most || bitCount(key.letters & ~letters) > most || bitCount(letters & ~key.letters) > most) continue;
        if (withinEdits(units, wordStart, length, key.word, most) && !notMisspellings.has(text.slice(wordStart, index).toLowerCase())) found.push({ group: key.group, start: wordStart, end: index, lineStart });
      }
    }
    wordStart = -1;
    if (raw === 10) lineStart = index + 1;
  }
  return found;
}

const noKeys: readonly { word: string; group: string; letters: number }[] = [];

/** Whether the word at `units[start, start + length)` is one of `keys`' words, in any case. A loop: it runs for every word of a text. */
function isListed(units: Uint16Array, start: number, length: number, keys: readonly { word: string }[]): boolean {
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as { word: string };
    if (key.word.length === length && sameLetters(units, start, key.word)) return true;
  }
  return false;
}

function isLetterUnit(unit: number): boolean {
  return ((unit | 0x20) >= 97 && (unit | 0x20) <= 122) || (unit >= 0xc0 && unit < 0x2000);
}

/** Whether the word at `units[start, start + key.length)`, in any case, is `key` (lower case). */
function sameLetters(units: Uint16Array, start: number, key: string): boolean {
  for (let index = 0; index < key.length; index += 1) if (((units[start + index] as number) | 0x20) !== key.charCodeAt(index)) return false;
  return true;
}

/** Rows of the edit-distance table, reused (the service is single-threaded); they trade places row by row. */
const firstRow = new Int32Array(32);
const secondRow = new Int32Array(32);
const thirdRow = new Int32Array(32);

/**
 * Whether the word at `units[start, start + length)` (any case) is at most `most` edits from `key` (lower
 * case): insertions, deletions, substitutions and swaps of neighbours. Rows are abandoned as soon as every
 * cell exceeds `most`. The word itself counts (0 edits): misspeltTerms never asks about a listed word.
 */
function withinEdits(units: Uint16Array, start: number, length: number, key: string, most: number): boolean {
  let twoBefore = firstRow;
  let oneBefore = secondRow;
  let row = thirdRow;
  for (let j = 0; j <= key.length; j += 1) oneBefore[j] = j;
  for (let i = 1; i <= length; i += 1) {
    const a = (units[start + i - 1] as number) | 0x20;
    const previousA = i > 1 ? (units[start + i - 2] as number) | 0x20 : -1;
    row[0] = i;
    let best = i;
    for (let j = 1; j <= key.length; j += 1) {
      const b = key.charCodeAt(j - 1);
      const cost = a === b ? 0 : 1;
      let value = Math.min((oneBefore[j] as number) + 1, (row[j - 1] as number) + 1, (oneBefore[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a === key.charCodeAt(j - 2) && previousA === b) value = Math.min(value, (twoBefore[j - 2] as number) + 1);
      row[j] = value;
      if (value < best) best = value;
    }
    if (best > most) return false;
    const spare = twoBefore;
    twoBefore = oneBefore;
    oneBefore = row;
    row = spare;
  }
  return (oneBefore[key.length] as number) <= most;
}

/** The combinations that need each meaning, in their order. */
const combinationsNeeding = new Map<string, Combination[]>();
for (const combination of combinations) for (const need of new Set(combination.needs)) combinationsNeeding.set(need, [...(combinationsNeeding.get(need) ?? []), combination]);

/** Whether the latest match of every meaning a combination needs is a word that is English too. */
function allEnglish(text: string, needs: readonly string[], latest: ReadonlyMap<string, TermMatch>): boolean {
  for (const need of needs) {
    const other = latest.get(need) as TermMatch;
    if (!englishWords.has(wordAt(text, other.start, other.end))) return false;
  }
  return true;
}

/**
 * Every place where the meanings of a combination meet. One pass over the term matches (linear in the
 * text): for each match, the latest match of every other meaning the combination needs is looked up.
 */
export function lexiconMatches(text: string): LexiconMatch[] {
  const misspelt = misspeltTerms(text);
  const listed = matcher.matches(text);
  const terms = misspelt.length === 0 ? listed : [...listed, ...misspelt].sort((a, b) => a.end - b.end);
  if (terms.length === 0) return [];
  const found: LexiconMatch[] = [];
  const latest = new Map<string, TermMatch>();
  for (const term of terms) {
    latest.set(term.group, term);
    for (const combination of combinationsNeeding.get(term.group) ?? []) {
      let start = term.start;
      let end = term.end;
      let met = true;
      for (const need of combination.needs) {
        const other = latest.get(need);
        if (other === undefined || other.start < term.lineStart || term.end - other.start > Math.max(combination.span, term.end - term.start)) {
          met = false;
          break;
        }
        start = Math.min(start, other.start);
        end = Math.max(end, other.end);
      }
      if (!met) continue;
      const match: LexiconMatch = { feature: combination.feature, start, end };
      if (combination.gloss !== '') match.gloss = combination.gloss;
      // Words that are English too ("ignore", "instruction") corroborate nothing the English rules do not see.
      if (combination.corroborates && !(combination.gloss !== '' && allEnglish(text, combination.needs, latest))) match.corroborates = true;
      found.push(match);
    }
  }
  return found;
}
