import type { Language } from "#shared/generation.ts";
import type { GenerationRequest } from "#shared/schemas/generation.ts";
import { deriveSubject } from "#shared/subject.ts";
import { PHRASEBOOKS, type Phrasebook, type SlotKey } from "./phrasebook.ts";

/**
 * The free "Template draft": when no AI writer is configured, a text to fill in, in the
 * shape of the content type and in the requested language. The visitor's own points are
 * placed once each, as written; everything else is the type's structure (headings,
 * greeting, closing) and bracketed guidance where a writer adds content. Nothing here
 * pretends to be written content, and the same request always gives the same text.
 */

const SENTENCE_END: Partial<Record<Language, string>> = { chinese: "。", hindi: "।" };

function asSentence(text: string, language: Language): string {
  const trimmed = text.trim();
  if (/[.!?。！？।؟…:;]$/u.test(trimmed)) return trimmed;
  return `${trimmed}${SENTENCE_END[language] ?? "."}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

// --- Instructions ("Write an email to my landlord about …") --------------------------------

const KINDS = String.raw`(?:e-?mails?|letters?|articles?|essays?|stor(?:y|ies)|blog\s+posts?|blogs?|posts?|reports?|reviews?|proposals?|poems?|texts?|messages?|notes?|cards?|speech(?:es)?|pieces?|paragraphs?|summar(?:y|ies)|invitations?|announcements?|toasts?|songs?|lyrics|haikus?|tweets?)`;

/** "Please write me", "Could you draft", "I need you to write". */
const EN_VERB =
  /^(?:(?:please|kindly)\s+)?(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:(?:help\s+me|i\s+(?:need|want)\s+(?:you\s+)?to)\s+)?(?:write|draft|compose|create|generate|prepare|produce)\b[\s,]*(?:(?:me|us)\s+)?/iu;
/** "an email", "a short birthday message", "my landlord an email". */
const EN_KIND = new RegExp(
  String.raw`^(?:(?:an?|the|some|my|our)\s+)?(?:[\p{L}'’-]+\s+){0,3}?${KINDS}\b[\s,]*`,
  "iu",
);
// No `i` flag: it would let \p{Lu} match lower case and take "manager about" for a name.
const RECIPIENT =
  /^(?:[Tt]o|[Ff]or)\s+(?!(?:him|her|his|them|their|its|your|me|us)\b)((?:[Mm]y|[Oo]ur|[Tt]he)\s+)?([\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)\s*/u;

/** The text after an English instruction's verb and kind, or null when it is not one. */
function englishLead(text: string): string | null {
  const verb = EN_VERB.exec(text);
  if (verb) {
    const rest = text.slice(verb[0].length);
    const kind = EN_KIND.exec(rest);
    return kind ? rest.slice(kind[0].length) : rest;
  }
  // Without a verb: "An essay about rivers", "A note to my neighbours", "A long letter".
  const kind = EN_KIND.exec(text);
  if (!kind) return null;
  const rest = text.slice(kind[0].length);
  const article = /^an?\s/i.test(text);
  if (/^(?:about|regarding|concerning)\s/i.test(rest)) return rest;
  if (article && (rest === "" || /^(?:on|to|for)\s/i.test(rest))) return rest;
  return null;
}

/** What an instruction sentence leaves: its topic, and the user's own words around it. */
interface Instruction {
  /** "the heating" in "Write … about the heating": the title or subject line ("" when none). */
  topic: string;
  /** The sentence's other words, as points: "it has been 5 days" after "…, ". */
  points: string[];
}

/** A topic marker, which ends a recipient's name: "to the city council about". */
const EN_MARKER = String.raw`(?:about|regarding|concerning|on|saying)`;
/**
 * A relative clause on the recipient: "for my grandmother who turns 90", with up to two
 * more words of the recipient's name first ("to my little sister, who …").
 */
const EN_RELATIVE = new RegExp(
  String.raw`^((?:(?!${EN_MARKER}\b)[\p{L}'’-]+[\s,]+){0,2}?)[\s,]*(who['’]s|who|whom|whose|which|that)\s+(\S.*)$`,
  "isu",
);
/** Words that start a clause of its own after "that": "to my team that the office is closed". */
const EN_CLAUSE_SUBJECT =
  /^(?:i|we|you|he|she|it|they|there|this|these|those|the|a|an|my|our|your|his|her|their|its|everyone|everybody|nobody|someone|no|all|\d\S*)$/iu;
/** A verb right after "that", as in "for my friend that moved to Spain". */
const EN_VERB_FIRST =
  /^(?:is|was|are|were|has|have|had|will|would|can|could|should|does|did|do|always|never|just|still|recently|once|used|\p{L}+ed)$/iu;
/** A verb second, as in "that rents go up": then "rents" is a subject, not a verb. */
const EN_VERB_SECOND =
  /^(?:is|are|was|were|will|would|has|have|had|can|could|must|may|might|should|do|does|did|go|goes|went|come|comes|need|needs|won['’]t|don['’]t|doesn['’]t|isn['’]t|aren['’]t|wasn['’]t|weren['’]t)$/iu;

/** Whether "that …" after a name describes the person ("that moved to Spain") or says something. */
function describes(clause: string): boolean {
  const [first = "", second = ""] = clause.split(/\s+/u);
  if (EN_CLAUSE_SUBJECT.test(first) || /^\p{Lu}/u.test(first)) return false;
  if (EN_VERB_FIRST.test(first)) return true;
  return !EN_VERB_SECOND.test(second);
}

/** Words that take their own "about" ("who complained about the noise", "is worried about"). */
const EN_TAKES_ABOUT =
  /^(?:complain|talk|worr|care|know|knew|think|thought|ask|hear|heard|read|writ|wrote|learn|speak|spoke|dream|forg|tell|told|jok|laugh|argu|cr[yi]|fight|fought|sing|sang|excit|happ|sad|sorr|upset|mad|angr|nervous|passionate|curious|serious|crazy|wrong|right|unsure|sure|rav|moan|grumbl|chat|wonder|rant|brag|boast|lie|lied|lying|obsess|mean|meant|say|said|go|went|gone|bring|brought|do|did|done|what|how)/iu;

/**
 * Where the message's own topic starts inside a relative clause: "for my grandmother who
 * lives in Spain about my new job". Never an "about" the clause's verb takes, "about to" or
 * "about 90" (nearly).
 */
function topicInClause(clause: string): RegExpExecArray | null {
  for (const match of clause.matchAll(/\s(about|regarding|concerning)\s+/giu)) {
    if (match[1]!.toLowerCase() === "about") {
      if (/^(?:to\b|\d)/iu.test(clause.slice(match.index + match[0].length))) continue;
      const before = /[\p{L}'’-]+$/u.exec(clause.slice(0, match.index))?.[0] ?? "";
      if (EN_TAKES_ABOUT.test(before)) continue;
    }
    return match as RegExpExecArray;
  }
  return null;
}

/**
 * The recipient's relative clause as a point of its own: "for my grandmother who turns 90"
 * gives "My grandmother turns 90", never the fragment "who turns 90". Null when there is none.
 */
function recipientClause(named: string, rest: string): Instruction | null {
  const match = EN_RELATIVE.exec(rest);
  if (!match) return null;
  const pronoun = match[2]!.toLowerCase().replace("’", "'");
  let clause = match[3]!.trim();
  if (pronoun === "that" && !describes(clause)) return null;
  let topic: Instruction = { topic: "", points: [] };
  const marker = topicInClause(clause);
  if (marker) {
    topic = splitTopic(clause.slice(marker.index + marker[0].length).trim(), EN_NEXT_CLAUSE);
    clause = clause.slice(0, marker.index).replace(/[\s,]+$/u, "");
  }
  const who = capitalise(`${named} ${match[1]!.replace(/[\s,]+$/u, "")}`.trim());
  let point: string;
  switch (pronoun) {
    case "who's":
      point = `${who} ${/^(?:been|got)\b/iu.test(clause) ? "has" : "is"} ${clause}`;
      break;
    case "whose":
      // "My parents' house", but "My boss's birthday".
      point = `${who}${/[^s]s$/iu.test(who) ? "'" : "'s"} ${clause}`;
      break;
    case "whom":
      point = `${who}, whom ${clause}`;
      break;
    case "who":
    case "which":
      // "my friend who I told you about": the person is the object, the pronoun stays.
      point = EN_CLAUSE_SUBJECT.test(clause.split(/\s+/u)[0]!)
        ? `${who}, ${pronoun} ${clause}`
        : `${who} ${clause}`;
      break;
    default:
      point = `${who} ${clause}`;
  }
  return { topic: topic.topic, points: [point, ...topic.points] };
}

/**
 * A new clause after a comma in a topic: "the heating in my flat, it has been 5 days". It
 * starts with a pronoun, or a noun and its verb; a list ("the boiler, the pipes and the
 * windows") is not one.
 */
const EN_NEXT_CLAUSE =
  /,\s+(?:(?:and|but|so)\s+)?(?=(?:it|i|we|they|he|she|you|there|please)\b|(?:this|that|the|my|our|his|her|their|its)\s+(?:[\p{L}'’-]+\s+){0,2}?(?:is|are|was|were|has|have|had|will|keeps|still|never|just|won['’]t|can['’]t|isn['’]t|aren['’]t|wasn['’]t|hasn['’]t|haven['’]t|doesn['’]t|don['’]t|didn['’]t)\b)/iu;

/** A topic without the clauses after it, which stay the user's points. */
function splitTopic(topic: string, next: RegExp | undefined): Instruction {
  const match = next?.exec(topic);
  if (!match || match.index === 0) return { topic, points: [] };
  return {
    topic: topic.slice(0, match.index).trim(),
    points: [topic.slice(match.index + match[0].length).trim()],
  };
}

function stripEnglish(text: string): Instruction | null {
  const lead = englishLead(text);
  if (lead === null) return null;
  let rest = lead;
  const recipient = RECIPIENT.exec(rest);
  if (recipient) {
    rest = rest.slice(recipient[0].length);
    const clause = recipientClause(`${recipient[1] ?? ""}${recipient[2]!}`, rest);
    if (clause !== null) return clause;
    // "to the city council about …": the rest of the recipient's name, up to "about".
    rest = rest.replace(/^(?:[\p{L}'’-]+\s+){0,2}?(?=(?:about|regarding|concerning)\s)/iu, "");
  }
  const topic = rest
    .replace(/^[\s,:;–-]+/u, "")
    .replace(/^(?:about|regarding|concerning|on|saying(?:\s+that)?|that)\s+/iu, "")
    .trim();
  return splitTopic(topic, EN_NEXT_CLAUSE);
}

interface NativeInstruction {
  /** The instruction's verb (at the start, or for Turkish and Hindi at the end). */
  verb: RegExp;
  /** The word before (or, with `before`, after) the topic. */
  topic: RegExp;
  before?: boolean;
  trim?: RegExp;
  /**
   * The recipient and a relative clause on them, from the preposition: "an meine Oma, die 90
   * wird". Group 1 is the recipient and the clause, kept as a point; group 2 the clause.
   */
  recipient?: RegExp;
  /** A comma that starts a clause of its own: "…, es ist schon fünf Tage her". */
  next?: RegExp;
}

/** The same, in the other languages: keep only the topic of an instruction sentence. */
const NATIVE_INSTRUCTIONS: NativeInstruction[] = [
  {
    verb: /^(?:bitte\s+)?(?:schreib(?:e|en)?|verfasse|erstelle|entwirf|formuliere)\s/iu,
    topic: /\s(?:über|wegen|bezüglich|zum\s+Thema)\s+/iu,
    // No `i` flag: a relative pronoun is not followed by a capital, as "die Heizung ist" is.
    recipient:
      /\s(?:an|für)\s+((?:(?:meine[nmrs]?|mein|unsere[nmrs]?|unser|deine[nmrs]?|dein|die|den|dem|der|das|Frau|Herrn?|Dr\.)\s+)?[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]*)?,\s*((?:der|die|das|den|dem|deren|dessen|denen|welche[rsmn]?)\s+(?!\p{Lu})\S.*))$/u,
    next: /,\s+(?:(?:und|aber)\s+)?(?=(?:es|ich|wir|er|sie|seit|bitte)\s|(?:die|der|das)\s+\p{Lu})/u,
  },
  {
    verb: /^(?:por\s+favor,?\s+)?(?:escr[ií]beme|escribe|escriba|redacta|redacte|crea|prepara)\s/iu,
    topic: /\s(?:sobre|acerca\s+de|respecto\s+a|en\s+relación\s+con)\s+/iu,
    recipient:
      /\s(?:a|al|para)\s+((?:(?:mi|mis|tu|tus|su|sus|nuestr[oa]s?|el|la|los|las)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?|\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?),?\s+((?:que|quien|quienes)\s+\S.*))$/u,
    next: /,\s+(?:(?:y|pero)\s+)?(?=(?:ya|hace|yo|ella|él|ellos|ellas|nosotros|no|por\s+favor|llevo|lleva|llevamos)\s)/iu,
  },
  {
    verb: /^(?:s'il\s+(?:te|vous)\s+pla[iî]t,?\s+)?(?:écris|écrivez|écris-moi|écrivez-moi|rédige|rédigez|crée|créez|prépare|préparez)\s/iu,
    topic: /\s(?:sur|au\s+sujet\s+d(?:e|u|es)|concernant|à\s+propos\s+d(?:e|u|es))\s+/iu,
    // Only "qui" and "dont": "à ma mère que je rentre tard" says something, it is no description.
    recipient:
      /\s(?:à|au|aux|pour)\s+((?:(?:ma|mon|mes|ta|ton|tes|notre|nos|le|la|les)\s+|l['’])[\p{L}-]+(?:\s+[\p{L}-]+)?,?\s+((?:qui|dont)\s+\S.*))$/u,
    next: /,\s+(?:(?:et|mais)\s+)?(?=(?:il|elle|ils|elles|je|nous|on|ça|cela|depuis)\s|j['’]|c['’]est)/iu,
  },
  {
    verb: /^(?:por\s+favor,?\s+)?(?:escreva|escreve|escreva-me|redija|redige|crie|cria)\s/iu,
    topic: /\s(?:sobre|a\s+respeito\s+d[eoa]s?|acerca\s+d[eoa]s?)\s+/iu,
    recipient:
      /\s(?:para|ao|aos|à|às)\s+((?:(?:a|o|as|os)\s+)?(?:(?:minha|meu|minhas|meus|nossa|nosso|nossas|nossos)\s+)?[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]*)?,?\s+((?:que|quem)\s+\S.*))$/u,
    next: /,\s+(?:(?:e|mas)\s+)?(?=(?:já|há|eu|ela|ele|elas|eles|nós|faz|estou|por\s+favor)\s)/iu,
  },
  {
    verb: /^(?:пожалуйста,?\s+)?(?:напиши(?:те)?|составь(?:те)?|подготовь(?:те)?)\s/iu,
    topic: /\s(?:о|об|обо|про|насчёт|по\s+поводу|на\s+тему)\s+/iu,
    // The recipient is in the dative, with no preposition: "письмо бабушке, которая …".
    recipient: /\s((?:моей|моему|нашей|нашему)?\s*[\p{L}-]+,\s+((?:котор\p{L}+|кто)\s+\S.*))$/u,
    next: /,\s+(?:(?:и|но|а)\s+)?(?=(?:уже|я|мы|она|он|оно|они|это|прошло)\s)/iu,
  },
  {
    verb: /^(?:من\s+فضلك\s+|رجاءً\s+)?(?:اكتب|أكتب|اكتبي|صغ|حرر)(?:\s+لي)?\s/u,
    topic: /\s(?:عن|حول|بخصوص|بشأن)\s+/u,
    recipient:
      /\s(?:إلى|الى)\s+([\p{L}\p{M}]+(?:\s+[\p{L}\p{M}]+)?\s+((?:الذي|التي|الذين|اللواتي|اللاتي)\s+\S.*))$/u,
    next: /،\s*(?:(?:و)\s*)?(?=(?:لقد|منذ|أنا|نحن|هي|هو|هذا|مضى)\s)/u,
  },
  {
    verb: /^(?:请)?(?:帮我)?(?:给[^，。写]{1,10})?(?:写|撰写|起草)/u,
    topic: /关于/u,
    trim: /的?(?:邮件|电子邮件|信|文章|论文|故事|博客|博文|报告|评论|提案|诗|短文)$/u,
    next: /[，,]\s*(?=她|他|我|它|已经|这)/u,
  },
  {
    verb: /(?:e-?posta|mektup|makale|deneme|hikâye|hikaye|öykü|yazı|rapor|inceleme|teklif|şiir|mesaj|not)\s+(?:yaz|yazın|yazar\s+mısın|yazabilir\s+misin|hazırla|hazırlayın|oluştur)\s*$/iu,
    topic: /\s(?:hakkında|ile\s+ilgili|konusunda)\s/iu,
    before: true,
  },
  {
    verb: /(?:ईमेल|पत्र|चिट्ठी|लेख|निबंध|कहानी|ब्लॉग|रिपोर्ट|समीक्षा|प्रस्ताव|कविता|संदेश)\s+(?:लिखें|लिखो|लिखिए|लिख\s+दो|लिख\s+दें|तैयार\s+करें)\s*$/u,
    topic: /\s(?:के\s+बारे\s+में|के\s+विषय\s+में)\s/u,
    before: true,
  },
];

function stripNative(text: string, rule: NativeInstruction): Instruction {
  const marker = rule.topic.exec(text);
  const recipient = rule.recipient?.exec(text);
  if (recipient) {
    // The pronoun's place: a topic marker after it is inside the clause ("die sich über
    // Blumen freut"), and taking the topic there would leave a fragment ("Blumen freut").
    const relative = text.length - recipient[2]!.length;
    if (!marker || marker.index > relative) {
      return { topic: "", points: [capitalise(recipient[1]!.trim())] };
    }
  }
  if (!marker) {
    // No topic: what follows a comma may still be the user's ("…, 她快90岁了").
    const next = rule.next?.exec(text);
    return { topic: "", points: next ? [text.slice(next.index + next[0].length).trim()] : [] };
  }
  let topic = rule.before
    ? text.slice(0, marker.index)
    : text.slice(marker.index + marker[0].length);
  if (rule.trim) topic = topic.replace(rule.trim, "");
  return splitTopic(topic.trim(), rule.next);
}

/** What an instruction sentence leaves, or null when it is not one. */
function stripInstruction(text: string): Instruction | null {
  const english = stripEnglish(text);
  if (english !== null) return english;
  // Without its full stop: Turkish and Hindi end the sentence with the verb.
  const sentence = text.replace(/[.!?。！？।؟]+$/u, "").trim();
  for (const rule of NATIVE_INSTRUCTIONS) {
    if (rule.verb.test(sentence)) return stripNative(sentence, rule);
  }
  return null;
}

// --- Recipient and register ---------------------------------------------------------------

interface Recipient {
  name: string;
  /** "my landlord" rather than "Maria Lopez". */
  role: boolean;
}

function recipientOf(content: string): Recipient | null {
  const text = content.trim();
  const lead = englishLead(text);
  if (lead !== null) {
    const match = RECIPIENT.exec(lead);
    if (match) {
      const word = match[2]!.replace(/['’]s$/u, "");
      return { name: word, role: Boolean(match[1]) || !/^\p{Lu}/u.test(word) };
    }
  }
  const german = /\ban\s+((?:Frau|Herrn?|Dr\.)\s+[\p{Lu}][\p{L}-]+)/u.exec(text);
  return german ? { name: german[1]!, role: false } : null;
}

/** The person written to, from an English or German prompt ("to my manager", "an Frau Weber"). */
export function findRecipient(content: string): string | null {
  const recipient = recipientOf(content);
  return recipient ? capitalise(recipient.name) : null;
}

/** Family and friends, in the ten languages: a message to them is never "Dear Sir or Madam". */
const FAMILY =
  /(?<!\p{L})(?:grand(?:mother|ma|father|pa|parents?|dad|mum|mom|son|daughter|children|kids)|granny|nan|nana|mum|mom|mommy|mummy|mother|mama|dad|daddy|father|papa|parents|sister|brother|siblings?|aunt|auntie|uncle|cousin|niece|nephew|my\s+son|daughter|wife|husband|fianc[eé]e?|girlfriend|boyfriend|friends?|family|oma|opa|mutti|vati|schwester|bruder|tante|onkel|freund(?:in)?|abuel[ao]s?|mam[aá]|pap[aá]|herman[ao]s?|t[ií][ao]s?|amig[ao]s?|grand-m[eè]re|grand-p[eè]re|m[eè]re|p[eè]re|s[oœ]eur|fr[eè]re|oncle|amie?|mamie|papi|av[óô]s?|m[ãa]e|pai|irm[ãa]o?s?|anneanne|babaanne|dede|anne(?:m|me|ciğim)|baba(?:m|ma|cığım)|kardeş(?:im)?|teyze|amca|dayı|arkadaş(?:ım)?|бабушк\p{L}*|дедушк\p{L}*|мам[аеуы]|пап[аеуы]|сестр\p{L}*|брат[аеу]?|друг[уае]?|подруг\p{L}*)(?!\p{L})|奶奶|外婆|姥姥|爷爷|外公|妈妈|母亲|爸爸|父亲|姐姐|妹妹|哥哥|弟弟|朋友|家人|दादी|नानी|दादा|नाना|माँ|मां|पिता|पापा|बहन|भाई|दोस्त|मित्र|جدتي|جدي|أمي|والدتي|أبي|والدي|أختي|أخي|صديقي|صديقتي|عائلتي/iu;
const OCCASION =
  /birthday|anniversary|wedding|congratulat|get\s+well|geburtstag|hochzeit|glückwunsch|cumpleaños|boda|felicita|anniversaire|mariage|félicit|doğum\s+günü|düğün|tebrik|aniversário|casamento|parabéns|день\s+рождения|свадьб|поздрав|生日|婚礼|祝贺|जन्मदिन|शादी|बधाई|عيد\s+ميلاد|زفاف|تهنئة/iu;
/** Groups greeted by their name: "Dear Team,", "Dear Neighbours,". */
const GROUP =
  /^(?:\p{L}+s|team|staff|everyone|everybody|all|class|committee|board|council|department|family)$/iu;

type Register = "formal" | "informal" | "warm";

function registerOf(request: GenerationRequest, recipient: Recipient | null): Register {
  const firm = request.tone === "formal" || request.tone === "persuasive";
  if (recipient?.role) {
    if (FAMILY.test(recipient.name)) return "warm";
    return request.tone === "friendly" ? "informal" : "formal";
  }
  if (!firm && (FAMILY.test(request.content) || OCCASION.test(request.content))) return "warm";
  return request.tone === "friendly" ? "informal" : "formal";
}

// --- Points and title ---------------------------------------------------------------------

const MAX_POINTS = 12;

function pointKey(text: string): string {
  return text
    .toLocaleLowerCase()
    .replace(/[\s.,;:!?。，；：！？।؟"'“”«»]+/gu, " ")
    .trim();
}

interface Prompt {
  points: string[];
  /** The topic of an instruction that opened the prompt ("the heating" in "Write … about the heating"). */
  topic: string | null;
}

function readPrompt(content: string): Prompt {
  const pieces = content
    .split(/\n+|(?<=[.!?])\s+|(?<=[。！？।؟])\s*|;\s*/u)
    .map((piece) => piece.replace(/^\s*(?:[-*•·]|\d+[.)])\s+/u, "").trim())
    .filter(Boolean);
  let topic: string | null = null;
  if (pieces.length > 0) {
    const instruction = stripInstruction(pieces[0]!);
    if (instruction !== null) {
      pieces.splice(0, 1, instruction.topic, ...instruction.points);
      topic = instruction.topic.replace(/[.!?。！？।؟]+$/u, "").trim() || null;
    }
  }
  const points: string[] = [];
  const seen = new Set<string>();
  for (const piece of pieces) {
    const point = piece
      .replace(/[.!?。！？।؟]+$/u, "")
      .trim()
      .slice(0, 500);
    const key = pointKey(point);
    if (point.length < 2 || seen.has(key)) continue;
    seen.add(key);
    points.push(point);
    if (points.length === MAX_POINTS) break;
  }
  return { points, topic: topic && topic.length >= 2 ? topic : null };
}

/**
 * The prompt's points: its sentences and list items, with an instruction ("Write an email
 * to X about") taken off the first. The user's own words are kept as they are.
 */
export function extractPoints(content: string, subject: string): string[] {
  const { points } = readPrompt(content);
  return points.length > 0 ? points : [subject];
}

/** Text as compared with the prompt: lower case, one space between words. */
function loose(text: string): string {
  return text.toLocaleLowerCase().replace(/\s+/gu, " ").trim();
}

/**
 * The subject as a title, or null when it is only an instruction or a cut of the prompt.
 * A subject taken from the prompt (the client's and the server's `deriveSubject`, or the
 * prompt's first words) gives way to the prompt's own topic: never "the heating in my flat,
 * it has..." when the topic is "the heating in my flat".
 */
function titleOf(request: GenerationRequest, topic: string | null): string | null {
  const subject = request.subject.trim();
  let title = stripInstruction(subject)?.topic ?? subject;
  const content = loose(request.content);
  const cut = /(?:\.\.\.|…)$/u.exec(title);
  if (cut) {
    const head = title.slice(0, cut.index).trim();
    // deriveSubject's "first six words...": a piece of the first sentence, not a title.
    if (head === "" || content.includes(loose(head))) return topic;
  }
  title = title.replace(/[\s.,;:!?。，；：！？।…]+$/u, "").trim();
  const piece = loose(title);
  const fromPrompt = subject === deriveSubject(request.content) || content.includes(piece);
  if (fromPrompt && topic !== null) {
    const own = loose(topic);
    if (piece === own || piece.startsWith(own) || own.startsWith(piece)) return topic;
    if (subject === deriveSubject(request.content)) return topic;
  }
  // The prompt's words after a comma are a point of theirs, not part of the subject.
  if (fromPrompt && request.language === "english") title = splitTopic(title, EN_NEXT_CLAUSE).topic;
  return title.length >= 2 ? title : topic;
}

// --- Drafts -------------------------------------------------------------------------------

interface Draft {
  book: Phrasebook;
  language: Language;
  title: string | null;
  points: string[];
  register: Register;
  recipient: Recipient | null;
  /** Guidance slots after each point. */
  perPoint: number;
  /**
   * How many times the user asked again (Regenerate: variant 2 is 1): each asks for one
   * more section and more guidance, and starts each point's guidance elsewhere in its list,
   * so a regenerated draft is never the text the user already has.
   */
  more: number;
  /** Sections (or list items) a draft has at least, filled with guidance when few points. */
  sections: number;
  long: boolean;
  persuasive: boolean;
  ask: SlotKey;
}

function slot(d: Draft, key: SlotKey): string {
  return `[${d.book.slot[key]}]`;
}

function sentence(d: Draft, parts: string[]): string {
  return parts.filter(Boolean).join(d.language === "chinese" ? "" : " ");
}

/** A point as written, then guidance slots taken in turn from `keys`. */
function pointWithGuidance(d: Draft, point: string, index: number, keys: SlotKey[]): string {
  const guidance = Array.from({ length: d.perPoint }, (_, j) =>
    slot(d, keys[(index * d.perPoint + j + d.more) % keys.length]!),
  );
  return sentence(d, [asSentence(point, d.language), ...guidance]);
}

function title(d: Draft): string {
  return `# ${d.title ?? slot(d, "title")}`;
}

function heading(text: string): string {
  return `## ${text}`;
}

/** Empty sections (or items) that bring `count` up to the draft's minimum. */
function fill(d: Draft, count: number): number[] {
  return Array.from({ length: Math.max(0, d.sections - count) }, (_, i) => count + i);
}

function greetingOf(d: Draft): string {
  const { book, recipient, register } = d;
  let who: string;
  if (recipient && !recipient.role) who = recipient.name;
  else if (recipient && book.roleName) {
    who =
      register === "warm" || GROUP.test(recipient.name)
        ? capitalise(recipient.name)
        : `[${book.roleName.replace("{r}", recipient.name)}]`;
  } else if (!recipient && register === "formal") return book.greeting.formal;
  else who = slot(d, "recipientName");
  const template =
    register === "formal"
      ? book.greeting.formalTo
      : register === "informal"
        ? book.greeting.informalTo
        : book.greeting.warmTo;
  return template.replace("{r}", who);
}

function signOff(d: Draft, contact: boolean): string {
  const details = contact && d.register === "formal" ? `\n${slot(d, "yourContact")}` : "";
  return `${d.book.closing[d.register]}\n${slot(d, "yourName")}${details}`;
}

function messageBody(d: Draft): string[] {
  const warm = d.register === "warm";
  const points = d.points.length
    ? d.points.map((point, i) =>
        pointWithGuidance(
          d,
          point,
          i,
          warm ? ["memory", "example", "details"] : ["details", "example", "evidence"],
        ),
      )
    : [slot(d, "mainPoint")];
  return [
    slot(d, d.register === "formal" ? "purpose" : "warmOpening"),
    ...points,
    ...Array.from({ length: (d.sections > 1 ? 1 : 0) + d.more }, () => slot(d, "anotherPoint")),
    ...(d.persuasive ? [slot(d, "strongestReason")] : []),
    slot(d, warm ? "warmWish" : d.ask),
    ...(d.long && !warm ? [slot(d, "contact")] : []),
  ];
}

function email(d: Draft): string[] {
  return [
    `${d.book.label.subject}: ${d.title ?? slot(d, "subjectLine")}`,
    greetingOf(d),
    ...messageBody(d),
    signOff(d, true),
  ];
}

function letter(d: Draft): string[] {
  const sender = d.register === "formal" ? `${slot(d, "yourAddress")}\n` : "";
  return [`${sender}${slot(d, "date")}`, greetingOf(d), ...messageBody(d), signOff(d, false)];
}

function article(d: Draft): string[] {
  const { label } = d.book;
  const sections = d.points.map(
    (point, i) =>
      `${heading(slot(d, "sectionHeading"))}\n\n${pointWithGuidance(d, point, i, ["example", "evidence", "details"])}`,
  );
  const empty = fill(d, sections.length).map(
    () =>
      `${heading(slot(d, "sectionHeading"))}\n\n${sentence(d, [slot(d, sections.length ? "anotherPoint" : "mainPoint"), slot(d, "example")])}`,
  );
  return [
    title(d),
    heading(label.introduction),
    sentence(d, [slot(d, "hook"), slot(d, "scope")]),
    ...sections,
    ...empty,
    heading(label.conclusion),
    sentence(d, [
      slot(d, "sumUp"),
      d.persuasive ? slot(d, "strongestReason") : "",
      slot(d, "finalThought"),
    ]),
  ];
}

function essay(d: Draft): string[] {
  const { label } = d.book;
  const argued = d.points.map(
    (point, i) =>
      `${heading(`${label.argument} ${i + 1}`)}\n\n${pointWithGuidance(d, point, i, ["supportsThesis", "evidence", "example"])}`,
  );
  const empty = fill(d, argued.length).map(
    (n) =>
      `${heading(`${label.argument} ${n + 1}`)}\n\n${sentence(d, [slot(d, n ? "anotherPoint" : "mainPoint"), slot(d, "evidence")])}`,
  );
  return [
    title(d),
    heading(label.introduction),
    sentence(d, [slot(d, "context"), slot(d, "thesis")]),
    ...argued,
    ...empty,
    ...(d.long ? [heading(label.counterargument), slot(d, "opposingView")] : []),
    heading(label.conclusion),
    sentence(d, [
      slot(d, "restate"),
      d.persuasive ? slot(d, "strongestReason") : "",
      slot(d, "finalThought"),
    ]),
  ];
}

function story(d: Draft): string[] {
  const { label } = d.book;
  const { points } = d;
  // The first point opens the story, the last ends it, the ones between turn it.
  const beginning = points.slice(0, 1);
  const middle = points.length >= 3 ? points.slice(1, -1) : points.slice(1);
  const ending = points.length >= 3 ? points.slice(-1) : [];
  const told = (list: string[], offset: number) =>
    list.map((point, i) =>
      pointWithGuidance(d, point, offset + i, ["showScene", "dialogue", "reaction"]),
    );
  return [
    title(d),
    heading(label.beginning),
    sentence(d, [slot(d, "setting"), slot(d, "want")]),
    ...told(beginning, 0),
    heading(label.turningPoint),
    slot(d, "change"),
    ...Array.from({ length: d.more }, (_, i) => slot(d, i % 2 ? "dialogue" : "showScene")),
    ...told(middle, 1),
    sentence(d, [slot(d, "reaction"), d.long ? slot(d, "dialogue") : ""]),
    heading(label.ending),
    ...told(ending, 1 + middle.length),
    sentence(d, [slot(d, "resolution"), slot(d, "lastImage")]),
  ];
}

function blog(d: Draft): string[] {
  const { label } = d.book;
  const sections = d.points.map(
    (point, i) =>
      `${heading(slot(d, "shortHeading"))}\n\n${pointWithGuidance(d, point, i, ["shortTip", "example", "details"])}`,
  );
  const empty = fill(d, sections.length).map(
    () =>
      `${heading(slot(d, "shortHeading"))}\n\n${sentence(d, [slot(d, sections.length ? "anotherPoint" : "mainPoint"), slot(d, "shortTip")])}`,
  );
  return [
    title(d),
    slot(d, "catchyTitle"),
    slot(d, "hook"),
    ...sections,
    ...empty,
    ...(d.persuasive ? [slot(d, "strongestReason")] : []),
    heading(label.overToYou),
    slot(d, "callToAction"),
  ];
}

function report(d: Draft): string[] {
  const { label } = d.book;
  const findings = [
    ...d.points.map((point) => `- ${point}`),
    ...fill(d, d.points.length).map(() => `- ${slot(d, "finding")}`),
  ];
  const recommendations = Array.from(
    { length: Math.max(1 + d.more, d.sections - 1) },
    (_, i) => `${i + 1}. ${slot(d, "recommendation")}`,
  );
  return [
    title(d),
    heading(label.summary),
    slot(d, "summaryText"),
    heading(label.background),
    slot(d, "backgroundText"),
    ...(d.long ? [heading(label.method), slot(d, "methodText")] : []),
    heading(label.findings),
    findings.join("\n"),
    slot(d, "findingEvidence"),
    heading(label.recommendations),
    recommendations.join("\n"),
    ...(d.persuasive ? [slot(d, "strongestReason")] : []),
  ];
}

function review(d: Draft): string[] {
  const { label } = d.book;
  const strengths = [
    ...d.points.map((point) => `- ${point}`),
    ...fill(d, d.points.length + 1).map(() => `- ${slot(d, "strength")}`),
  ];
  if (strengths.length === 0) strengths.push(`- ${slot(d, "strength")}`);
  return [
    title(d),
    heading(label.overallImpression),
    sentence(d, [slot(d, "reviewedItem"), slot(d, "impression")]),
    heading(label.strengths),
    strengths.join("\n"),
    ...(d.points.length ? [slot(d, "moveWeakness")] : []),
    heading(label.weaknesses),
    Array.from({ length: 1 + d.more }, () => `- ${slot(d, "weakness")}`).join("\n"),
    ...(d.long ? [slot(d, "example")] : []),
    heading(label.verdict),
    sentence(d, [slot(d, "recommendTo"), slot(d, "rating")]),
  ];
}

function proposal(d: Draft): string[] {
  const { label } = d.book;
  const objectives = [
    ...d.points.map((point) => `- ${point}`),
    ...fill(d, d.points.length + 1).map(() => `- ${slot(d, "objective")}`),
  ];
  if (objectives.length === 0) objectives.push(`- ${slot(d, "objective")}`);
  const steps = Array.from({ length: d.sections }, (_, i) => `${i + 1}. ${slot(d, "step")}`);
  return [
    title(d),
    heading(label.overview),
    slot(d, "problem"),
    heading(label.objectives),
    objectives.join("\n"),
    heading(label.plan),
    steps.join("\n"),
    ...(d.long
      ? [heading(label.budget), slot(d, "costs"), heading(label.timeline), slot(d, "milestones")]
      : []),
    heading(label.benefits),
    sentence(d, [slot(d, "benefit"), d.persuasive ? slot(d, "strongestReason") : ""]),
    heading(label.nextSteps),
    slot(d, "decision"),
  ];
}

function creative(d: Draft): string[] {
  // A stanza for each point, the point as written among lines to write around it.
  const stanzas = d.points.map((point, i) => [
    point,
    ...Array.from({ length: d.perPoint }, (_, j) =>
      slot(d, (i * d.perPoint + j + d.more) % 2 ? "answerLine" : "imageLine"),
    ),
  ]);
  stanzas.push(...fill(d, stanzas.length).map(() => [slot(d, "imageLine"), slot(d, "answerLine")]));
  stanzas[0]!.unshift(slot(d, "sceneLine"));
  stanzas.at(-1)!.push(slot(d, "closingLine"));
  return [title(d), slot(d, "form"), ...stanzas.map((lines) => lines.join("\n"))];
}

const SHAPES = {
  email,
  letter,
  article,
  essay,
  story,
  blog,
  report,
  review,
  proposal,
  creative,
} satisfies Record<GenerationRequest["contentType"], (d: Draft) => string[]>;

const REPAIR =
  /repair|broken|leak|heating|boiler|reparatur|kaputt|heizung|reparación|averiad|réparation|panne|chauffage|conserto|reparo|avariad|ремонт|сломал|отоплени|维修|修理|坏了|暖气|मरम्मत|खराब|إصلاح|معطل|تدفئة|tamir|arıza|bozuk|kalorifer/iu;
const MEETING =
  /meeting|appointment|interview|termin|besprechung|reunión|cita|réunion|rendez-vous|reunião|встреч|собеседовани|会议|见面|面试|बैठक|मीटिंग|اجتماع|موعد|toplantı|randevu|görüşme/iu;

/**
 * A template draft in the requested language: the content type's structure, the prompt's
 * points once each as written, and bracketed guidance where the writer adds the rest.
 */
export function composeOfflineDraft(request: GenerationRequest): string {
  const recipient = recipientOf(request.content);
  const prompt = readPrompt(request.content);
  const draftTitle = titleOf(request, prompt.topic);
  const titleKey = draftTitle === null ? null : pointKey(draftTitle);
  const concise = request.tone === "concise";
  const long = request.length === "long" && !concise;
  // Regenerate's variants 2, 3, … of a request: up to five that each differ.
  const more = Math.min(request.variant - 1, 5);
  const perPoint = concise ? 1 : { short: 1, medium: 2, long: 3 }[request.length];
  const sections = concise ? 1 : { short: 2, medium: 3, long: 4 }[request.length];
  const d: Draft = {
    book: PHRASEBOOKS[request.language],
    language: request.language,
    title: draftTitle,
    // The topic is the title (or subject line): not a second time in the body. A letter
    // has neither, so there it stays a point.
    points:
      request.contentType === "letter"
        ? prompt.points
        : prompt.points.filter((point) => pointKey(point) !== titleKey),
    register: registerOf(request, recipient),
    recipient,
    perPoint: Math.min(perPoint + more, 3),
    sections: sections + more,
    more,
    long,
    persuasive: request.tone === "persuasive",
    ask: REPAIR.test(request.content)
      ? "askRepair"
      : MEETING.test(request.content)
        ? "askMeeting"
        : "ask",
  };
  return SHAPES[request.contentType](d).join("\n\n");
}
