import type { Language } from "#shared/generation.ts";
import { ARABIC } from "./phrasebook-arabic.ts";
import { CHINESE } from "./phrasebook-chinese.ts";
import { ENGLISH } from "./phrasebook-english.ts";
import { FRENCH } from "./phrasebook-french.ts";
import { GERMAN } from "./phrasebook-german.ts";
import { HINDI } from "./phrasebook-hindi.ts";
import { PORTUGUESE } from "./phrasebook-portuguese.ts";
import { RUSSIAN } from "./phrasebook-russian.ts";
import { SPANISH } from "./phrasebook-spanish.ts";
import { TURKISH } from "./phrasebook-turkish.ts";

/**
 * The wording of the template drafts, one book per language, in that language's own words
 * and script. Labels are headings; greetings and closings frame letters and emails, with
 * `{r}` for the person written to; slots are the guidance a writer replaces, written
 * without their brackets (compose.ts adds them, the same in every language).
 */
export interface Phrasebook {
  label: {
    subject: string;
    introduction: string;
    conclusion: string;
    argument: string;
    counterargument: string;
    beginning: string;
    turningPoint: string;
    ending: string;
    overToYou: string;
    summary: string;
    background: string;
    method: string;
    findings: string;
    recommendations: string;
    overallImpression: string;
    strengths: string;
    weaknesses: string;
    verdict: string;
    overview: string;
    objectives: string;
    plan: string;
    benefits: string;
    budget: string;
    timeline: string;
    nextSteps: string;
  };
  greeting: {
    /** To nobody in particular, formally ("Dear Sir or Madam,"). */
    formal: string;
    formalTo: string;
    informalTo: string;
    /** To family and friends ("Dear {r},"). */
    warmTo: string;
  };
  closing: { formal: string; informal: string; warm: string };
  /** English only: the name slot for a recipient given by role ("{r}'s name"). */
  roleName?: string;
  slot: {
    yourName: string;
    yourAddress: string;
    yourContact: string;
    recipientName: string;
    date: string;
    title: string;
    subjectLine: string;
    purpose: string;
    warmOpening: string;
    mainPoint: string;
    anotherPoint: string;
    details: string;
    example: string;
    ask: string;
    askRepair: string;
    askMeeting: string;
    strongestReason: string;
    contact: string;
    warmWish: string;
    memory: string;
    hook: string;
    scope: string;
    sectionHeading: string;
    sumUp: string;
    finalThought: string;
    thesis: string;
    context: string;
    supportsThesis: string;
    evidence: string;
    opposingView: string;
    restate: string;
    setting: string;
    want: string;
    change: string;
    reaction: string;
    showScene: string;
    dialogue: string;
    resolution: string;
    lastImage: string;
    catchyTitle: string;
    shortHeading: string;
    shortTip: string;
    callToAction: string;
    summaryText: string;
    backgroundText: string;
    methodText: string;
    finding: string;
    findingEvidence: string;
    recommendation: string;
    reviewedItem: string;
    impression: string;
    strength: string;
    moveWeakness: string;
    weakness: string;
    recommendTo: string;
    rating: string;
    problem: string;
    objective: string;
    step: string;
    benefit: string;
    costs: string;
    milestones: string;
    decision: string;
    form: string;
    sceneLine: string;
    imageLine: string;
    answerLine: string;
    closingLine: string;
  };
}

export type SlotKey = keyof Phrasebook["slot"];

export const PHRASEBOOKS: Record<Language, Phrasebook> = {
  english: ENGLISH,
  turkish: TURKISH,
  german: GERMAN,
  spanish: SPANISH,
  french: FRENCH,
  chinese: CHINESE,
  hindi: HINDI,
  arabic: ARABIC,
  portuguese: PORTUGUESE,
  russian: RUSSIAN,
};
