import type { ContentCategory } from './content-categories.ts';
import type { ContentRule } from './content-rules.ts';
import { noLetterAfter, noLetterBefore, startOfWord } from '../../text/latin-word-start.ts';

/**
 * Harmful requests in German, French, Spanish, Italian, Dutch and Portuguese. The content model learnt from
 * English text, so a request in another language is read by these rules: a way of asking ("wie stelle ich
 * … her", "comment fabriquer", "cómo puedo", "come posso", "hoe kan ik", "como faço", "schreib",
 * "rédige", "escribe", "scrivi", "schrijf", "escreva") followed in the same sentence by a harm named
 * narrowly enough that a question about it would word it otherwise: a chemical weapon or a home-made bomb,
 * a silencer, malware to be written, a card to be cloned, a drug to be cooked, someone to be strangled or
 * poisoned, a partner's phone tracked without their knowing, a threatening message, a "lesser race", a
 * fake nude of someone, an election said to be postponed, a treatment called a scam or vaccines said to hold
 * microchips, an accusation without proof, a call to join a violent group or to arm against a group;
 * harassment, a group called criminal by nature, a beating that leaves no marks, following someone unseen,
 * another person's identity used or dirty money moved, a script for stolen logins, sexual content with
 * children. Suicide methods are asked in the first person or as "the fastest
 * way to". Each decides alone (see content-rules.ts).
 */


/** How a request is asked in the six languages: how do I, write, explain, give me. */
const asked = String.raw`(?:wie (?:stelle|mache|baue|kann|bekomme|finde|töte|bringe) (?:ich|man)|anleitung|schreib\w*|erklär\w*|gib mir|comment (?:fabriquer|faire|créer|puis-je|je peux|peut-on|obtenir|cuisiner|empoisonner|étrangler|tuer)|[ée]cri[st]\w*|rédige\w*|donne-moi|explique-moi|c[oó]mo (?:puedo|hago|se hace|fabrico|fabricar|hacer|consigo|cocino)|escrib\w*|dame|expl[ií]came|come (?:posso|faccio|si fa|fabbricare|creare|cucinare)|scrivi\w*|dammi|spiegami|hoe (?:kan ik|maak ik|maak je|kun je|moet ik)|schrijf|geef me|leg uit|como (?:posso|faço|fazer|fabricar|consigo|cozinhar)|escrev\w*|me d[eê]|explique)`;

/** One rule: the way of asking, then within the sentence one of the harms. */
function askedFor(name: string, category: ContentCategory, triggers: readonly string[], harm: string): ContentRule {
  return { name, category, triggers, pattern: new RegExp(String.raw`${noLetterBefore}${asked}${noLetterAfter}[^.?!\n]{0,90}?${harm}`, 'i') };
}

export const foreignHarmRules: readonly ContentRule[] = [
  askedFor(
    'foreign_mass_weapon',
    'indiscriminate_weapons',
    ['senfgas', 'sarin', 'nervengas', 'rizin', 'sprengstoff', 'rohrbombe', 'nagelbombe', 'mostaza', 'sarín', 'ricina', 'explosivo', 'explosivos', 'casera', 'moutarde', 'ricine', 'explosif', 'explosifs', 'artisanale', 'iprite', 'nervino', 'esplosivo', 'esplosivi', 'artigianale', 'mosterdgas', 'zenuwgas', 'explosieven', 'pijpbom', 'mostarda', 'caseira', 'chlorgas', 'cloro', 'chlore', 'chloorgas', 'toxine', 'aérosol'],
    String.raw`\b(?:senfgas|sarin|sarín|nervengas|nervenkampfstoff|rizin|sprengstoff|rohrbomben?|nagelbomben?|gas mostaza|gas nervioso|ricina|explosivos?|bombas? caseras?|gaz moutarde|gaz sarin|ricine|explosifs?|bombes? artisanales?|iprite|gas nervino|esplosivi?|bombe? artigianali?|mosterdgas|zenuwgas|explosieven|pijpbom(?:men)?|gás mostarda|bombas? caseiras?|chlorgas|gas cloro|chlore gazeux|cloro gassoso|chloorgas|gás cloro|toxine en aérosol|aérosol toxique)\b`,
  ),
  askedFor(
    'foreign_silencer',
    'violent_crimes',
    ['schalldämpfer', 'silenciador', 'silencieux', 'silenziatore', 'geluiddemper'],
    String.raw`\b(?:schalldämpfer|silenciador|silencieux|silenziatore|geluiddemper)\b`,
  ),
  {
    name: 'foreign_malware',
    category: 'non_violent_crimes',
    triggers: ['malware', 'ransomware', 'trojaner', 'troyano', 'troie', 'keylogger', 'virus'],
    // Malware to be written; not an article about it ("écris un article sur les malwares").
    pattern:
      new RegExp(String.raw`${noLetterBefore}(?:[ée]cri[st](?:-moi)?|crée[rz]?|programme[rz]?|code[rz]?|schreib\w*(?: mir)?|erstell\w*|programmier\w*|escrib\w*|crea(?:r|me)?|programa(?:r)?|scrivi(?:mi)?|creare|schrijf(?: me)?|maak|escreva(?:-me)?|crie|programe)\s(?:un|une|ein(?:en)?|un|uno|una|een|um|uma)\s(?:[\w-]+\s)?(?:malware|ransomware|trojaner|troyano|cheval de troie|keylogger|virus)\b`, 'i'),
  },
  askedFor(
    'foreign_card_or_money_fraud',
    'non_violent_crimes',
    ['clonar', 'cloner', 'clonare', 'klonen', 'skimmer', 'falschgeld', 'falsos', 'billets', 'banconote', 'geld', 'notas'],
    String.raw`\b(?:clonar (?:una |um )?(?:tarjeta|cartão)|cloner (?:une )?carte|clonare (?:una )?carta|karten? klonen|kaart(?:en)? klonen|(?:usare|usar|utiliser|benutzen|installare|instalar|installer|anbringen|gebruiken|colocar|mettere|poner|montar)\s(?:(?:un|uno|una|einen|een|um|uma)\s)?skimmer|falschgeld|billetes falsos|faux billets|banconote false|vals geld|notas falsas)\b`,
  ),
  askedFor(
    'foreign_drug_making',
    'non_violent_crimes',
    ['crack', 'metanfetamina', 'méthamphétamine', 'methamphetamin', 'meth', 'metamfetamine', 'cocaína', 'cocaïne', 'kokain', 'cocaina', 'cocaïne'],
    String.raw`\b(?:cozinhar|cocinar|cuisiner|kochen|cucinare|koken|fabricar|fabriquer|herstellen|produrre|maken|sintetizar|synth[ée]tiser|synthetisieren|sintetizzare|synthetiseren|produzir)\s(?:[\w-]+\s){0,2}?(?:crack|metanfetamina|m[ée]thamph[ée]tamine|methamphetamin|crystal meth|metamfetamine|coca[íi]na|coca[ïi]ne|kokain)\b`,
  ),
  askedFor(
    'foreign_killing',
    'violent_crimes',
    ['iemand', 'jemanden', 'quelqu', 'alguien', 'qualcuno', 'alguém', 'wurgen', 'erwürgen', 'vergiften', 'strangler', 'empoisonner', 'estrangular', 'envenenar', 'strangolare', 'avvelenare', 'vergiftigen'],
    String.raw`(?:\b(?:iemand|jemanden|alguien|a alguien|qualcuno|alguém)\s(?:\w+\s)?(?:wurgen|erwürgen|vergiften|umbringen|töten|vermoorden|vergiftigen|doden|estrangular|envenenar|matar|strangolare|avvelenare|uccidere)\b|(?:\b(?:empoisonner|tuer|estrangular|envenenar|matar|strangolare|avvelenare|uccidere|erwürgen|vergiften|wurgen|vergiftigen)|${startOfWord('étrangler')})\s(?:a\s)?(?:quelqu['’]un|alguien|qualcuno|alguém|jemanden|iemand)\b)`,
  ),
  askedFor(
    'foreign_partner_tracking',
    'privacy',
    ['rastrear', 'espiar', 'localizar', 'orten', 'überwachen', 'ausspionieren', 'espionner', 'rintracciare', 'spiare', 'volgen', 'bespioneren', 'hacken', 'hackear'],
    String.raw`(?:\b(?:rastrear|espiar|localizar|monitorear|hackear|orten|ausspionieren|hacken|espionner|localiser|pirater|rintracciare|spiare|localizzare|volgen|bespioneren)|${startOfWord('überwachen')})\b[^.?!\n]{0,60}\b(?:sin que (?:lo|la|él|ella) (?:sepa|se entere)|sem (?:ela|ele) saber|ohne dass (?:sie|er) es (?:merkt|weiß)|sans qu['’](?:elle|il) (?:le sache|s['’]en rende compte)|senza che (?:lei|lui) (?:lo sappia|se ne accorga)|zonder dat (?:ze|hij) het (?:weet|merkt))`,
  ),
  askedFor(
    'foreign_harassment_or_hate',
    'hate',
    ['harceler', 'acosar', 'molestare', 'belästigen', 'lastigvallen', 'assediar', 'criminales', 'criminels', 'kriminell', 'criminali', 'criminelen', 'criminosos', 'extreemrechtse', 'rechtsextreme', 'bewapenen', 'bewaffnen'],
    String.raw`\b(?:harceler|acosar|molestare|belästigen|lastigvallen|assediar)\b|\b(?:criminales|criminels|kriminell\w*|criminali|criminelen|criminosos)\s(?:por naturaleza|par nature|von natur aus|per natura|van nature|por natureza)|\b(?:extreemrechts\w*|rechtsextrem\w*)\b[^.?!\n]{0,80}\b(?:bewapenen|bewaffnen)\b`,
  ),
  askedFor(
    'foreign_beating_or_stalking',
    'violent_crimes',
    ['espancar', 'bater', 'golpear', 'verprügeln', 'schlagen', 'frapper', 'tabasser', 'picchiare', 'slaan', 'folgen', 'verfolgen', 'beschatten', 'suivre', 'seguir', 'seguire', 'volgen'],
    String.raw`\b(?:espancar|bater em|golpear a|verprügeln|schlagen|frapper|tabasser|picchiare|slaan|in elkaar slaan)\b[^.?!\n]{0,40}\b(?:sem deixar marcas|sin dejar marcas|ohne spuren|sans (?:laisser de )?traces?|senza lasciare (?:segni|tracce)|zonder sporen)|\b(?:folgen|verfolgen|beschatten|suivre|seguir|seguire|volgen)\b[^.?!\n]{0,60}\b(?:ohne dass (?:sie|er) es (?:bemerkt|merkt)|sans qu['’](?:elle|il) (?:le )?remarque|sin que (?:lo|la) note|senza che (?:lei|lui) se ne accorga|zonder dat (?:ze|hij) het merkt|sem que (?:ela|ele) perceba)`,
  ),
  askedFor(
    'foreign_fraud_and_laundering',
    'non_violent_crimes',
    ['nome', 'nombre', 'nom', 'namen', 'naam', 'geld', 'schwarzgeld', 'argent', 'dinero', 'soldi', 'dinheiro', 'volées', 'gestohlen', 'robadas', 'rubate', 'gestolen', 'roubadas', 'script', 'programme', 'programa', 'programma', 'code'],
    String.raw`\b(?:a suo nome|a su nombre|en son nom|in (?:seinem|ihrem) namen|op (?:zijn|haar) naam|em nome dele|em nome dela)\b|\b(?:zwart(?:e)? geld|schwarzgeld|argent sale|dinero negro|soldi in nero|dinheiro sujo)\b[^.?!\n]{0,60}\b(?:wegsluizen|waschen|blanchir|lavar|riciclare|witwassen|branquear)|\b(?:script|programme|programa|programma|code)\b[^.?!\n]{0,80}\b(?:volées?|gestohlen\w*|robad[ao]s|rubat[ei]|gestolen|roubad[ao]s)\b`,
  ),
  askedFor(
    'foreign_minor_sexual',
    'child_sexual_exploitation',
    ['erotica', 'erotico', 'erótica', 'érotique', 'erotische', 'sexuelle', 'sexual', 'sessuale', 'bambini', 'niños', 'enfants', 'kinder', 'kinderen', 'crianças'],
    String.raw`(?:\b(?:erotic[ao]s?|er[óo]tic[ao]s?|erotiques?|erotische|sessual[ei]|sexuel(?:le)?s?|sexuell\w*|seksuele)|${startOfWord('érotique')}s?)\b(?![^.?!\n]{0,60}(?:\b(?:educa\w*|aufklärung|voorlichting|educação)|${startOfWord('éducation')})\b)[^.?!\n]{0,60}\b(?:bambin[ie]|niñ[oa]s|enfants?|kinder|kinderen|crianças|menores|minderjährig\w*|minorenni)\b`,
  ),
  askedFor(
    'foreign_threat_message',
    'harassment',
    ['drohnachricht', 'drohbrief', 'menace', 'amenazante', 'amenaza', 'minatorio', 'minatoria', 'dreigbericht', 'dreigbrief', 'ameaçadora', 'ameaça'],
    String.raw`\b(?:drohnachricht|drohbrief|message de menace|lettre de menace|mensaje amenazante|mensaje de amenaza|messaggio minatorio|lettera minatoria|dreigbericht|dreigbrief|mensagem ameaçadora|mensagem de ameaça)\b`,
  ),
  askedFor(
    'foreign_lesser_race',
    'hate',
    ['race', 'untermensch', 'untermenschen', 'rasse', 'raza', 'razza', 'ras', 'raça'],
    String.raw`\b(?:race inférieure|untermensch\w*|minderwertige rasse|raza inferior|razza inferiore|inferieure? ras|raça inferior)\b`,
  ),
  askedFor(
    'foreign_fake_nude',
    'sex_related_crimes',
    ['naaktfoto', 'naaktfoto\'s', 'nacktbild', 'nacktbilder', 'nacktfoto', 'nue', 'nues', 'desnuda', 'desnudo', 'nuda', 'nudo', 'nua', 'deepfake'],
    String.raw`\b(?:nep-?naaktfoto\w*|naaktfoto\w*|fake-?nacktbild\w*|nacktbild\w*|nacktfoto\w*|fausses? photos? nues?|photos? nues?|fotos? desnud[ao]s?|foto nud[ae]|fotos? nu[ae]s?|deepfake)\b[^.?!\n]{0,60}\b(?:van (?:mijn|een)|von (?:meiner|meinem|einer)|de (?:ma|mon|mi|una|um|uma)|della (?:mia|mio)|da (?:minha|meu)|collega|kollegin|kollege|collègue|compañer[ao]|colega|ex)\b`,
  ),
  askedFor(
    'foreign_postponed_election',
    'elections',
    ['elecciones', 'wahl', 'wahlen', 'élection', 'élections', 'elezioni', 'verkiezingen', 'eleições'],
    String.raw`${startOfWord('élection')}s? (?:ont été |a été |sont |est )?report[ée]\w*|\b(?:elecciones (?:se han |fueron |han sido )?aplazad\w*|wahl(?:en)? (?:wurde |wurden |ist |sind )?verschoben|elezioni (?:sono state )?rinviat\w*|verkiezingen (?:zijn )?uitgesteld|eleições (?:foram )?adiad\w*)`,
  ),
  askedFor(
    'foreign_treatment_scam',
    'specialized_advice',
    ['insuline', 'insulina', 'insulin', 'chimio', 'chimiothérapie', 'quimio', 'quimioterapia', 'chemotherapie', 'vaccin', 'vaccins', 'impfung', 'impfungen', 'vacuna', 'vacunas', 'vacina', 'vacinas', 'vaccino', 'vaccini', 'microchips', 'mikrochips', 'puces', 'chip', 'arnaque', 'escroquerie', 'estafa', 'truffa', 'betrug', 'schwindel', 'oplichting', 'golpe', 'fraude'],
    String.raw`\b(?:insulin[ea]?|chimio\w*|quimio\w*|chemo\w*|vaccin\w*|impfung\w*|vacuna\w*|vacina\w*)\b[^.?!\n]{0,60}\b(?:arnaque|escroquerie|estafa|truffa|betrug|schwindel|oplichting|golpe|fraude|poison|gift|veneno|veleno|vergif\w*|microchips?|mikrochips?|puces?|chips?)\b`,
  ),
  {
    name: 'foreign_false_accusation',
    category: 'defamation',
    triggers: ['falso', 'falsa', 'faux', 'fausse', 'falsch', 'falsche', 'falschen', 'vals', 'valse', 'falsos', 'prove', 'pruebas', 'preuves', 'beweise', 'bewijs', 'provas', 'falsamente', 'faussement', 'fälschlich', 'fälschlicherweise'],
    pattern:
      /\b(?:falso|falsa|faux|fausse|falsch\w*|vals\w*)\b[^.?!\n]{0,60}\b(?:accus\w*|beschuldig\w*|acus\w*)\b|\b(?:accus\w*|acus\w*)\s(?:falsamente|faussement)\b|\bfälschlich\w*\s(?:beschuldig\w*|anklag\w*)|\b(?:accus\w*|beschuldig\w*|acus\w*)\b[^.?!\n]{0,120}\b(?:anche se non ci sono prove|aunque no (?:hay|haya) pruebas|même s['’]il n['’]y a pas de preuves?|obwohl es keine beweise gibt|ook al is er geen bewijs|mesmo sem (?:ter )?provas)\b/i,
  },
  askedFor(
    'foreign_violent_group',
    'violent_crimes',
    ['neonazi', 'terrorgruppe', 'dschihad', 'jihad', 'isis', 'terroriste', 'terrorista', 'terroristico', 'terroristische'],
    String.raw`\b(?:neonazi\w*|terrorgruppe\w*|dschihad\w*|jihad\w*|isis|groupe terroriste|grupo terrorista|gruppo terroristico|terroristische groep)\b[^.?!\n]{0,80}\b(?:anzuschließen|anschließen|anschläge|rekrutier\w*|rejoindre|attentats?|unirse|atentados?|unirsi|attentati|aansluiten|aanslagen|juntar-se|aderir)\b`,
  ),
  {
    name: 'foreign_suicide_method',
    category: 'self_harm',
    triggers: ['ahorcarme', 'ahorcarse', 'suicidarme', 'suicidarse', 'matarme', 'pendre', 'suicider', 'erhängen', 'umbringen', 'impiccarmi', 'impiccarsi', 'uccidermi', 'suicidarmi', 'suicidarsi', 'ophangen', 'enforcar', 'suicidar'],
    // How to kill oneself, in the first person or as the quickest or a painless way; not a friend's crisis.
    pattern:
      /\b(?:c[oó]mo|comment|wie|come|hoe|como|forma|manera|façon|moyen|weg|methode|modo|manier|maneira)\b[^.?!\n]{0,40}\b(?:ahorcarme|suicidarme|matarme|me pendre|me suicider|me tuer|mich (?:erhängen|umbringen|töten)|mir das leben nehmen|impiccarmi|uccidermi|suicidarmi|togliermi la vita|mezelf (?:ophangen|doden|van kant maken)|me enforcar|me matar|suicidar-me|me suicidar)\b|\b(?:forma|manera|façon|moyen|art|modo|manier|maneira)\s(?:m[aá]s |la plus |am |più |meest |mais )?(?:r[aá]pida|f[aá]cil|indolora|segura|rapide|facile|schnellste|einfachste|veloce|snelste|makkelijkste)\s(?:de|d['’]|zu|di|om|para)\s?(?:ahorcarse|suicidarse|matarse|se pendre|se suicider|sich (?:zu )?(?:erhängen|umbringen)|impiccarsi|suicidarsi|uccidersi|zich (?:op te hangen|van kant te maken)|se enforcar|se suicidar|se matar)\b/i,
  },
];
