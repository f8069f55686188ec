import { catalog } from "./catalog.ts";

/**
 * The console's plans (issue 29): the numbers in force, named plans, and their refusals,
 * in English and Turkish. Each field's refusal is worded here by the field's name, as the
 * server's `fieldErrors` name it.
 */
const plansEn = {
  "plans.heading": "Plans",
  "plans.intro":
    "The numbers every account and guest meets. A change applies with the next request on every instance; balances change only through the ledger.",
  "plans.field.weeklyAllowance": "Weekly allowance (credits)",
  "plans.field.costPerText": "Cost of a text (credits)",
  "plans.field.trialCredits": "Trial (credits of a guest or an unverified account)",
  "plans.field.trialTextsPerNetwork": "Trial texts per network in 24 hours",
  "plans.field.adReward": "Ad reward (credits)",
  "plans.field.adsPerDay": "Ads per day",
  "plans.field.resetDay": "Weekly reset (00:00 UTC)",
  "plans.default": "Default: {value}",
  "plans.save": "Save the plan",
  "plans.saved": "The plan is saved.",
  "plans.invalid": "Some numbers are out of range; see the fields.",
  "plans.error.weeklyAllowance": "The weekly allowance is a whole number from 0 to 1,000,000.",
  "plans.error.costPerText": "The cost of a text is a multiple of 10 from 10 to 10,000.",
  "plans.error.trialCredits":
    "The trial is a whole number of credits from 0 to 1,000,000, and no more than the weekly allowance.",
  "plans.error.trialTextsPerNetwork": "Trial texts per network are a whole number from 0 to 1,000.",
  "plans.error.adReward": "The ad reward is a whole number from 0 to 100,000.",
  "plans.error.adsPerDay": "Ads per day are a whole number from 0 to 100.",
  "plans.error.resetDay": "The reset day is a day of the week.",
  "plans.error.name": "A plan's name has 1 to 60 characters.",
  "plans.error.domain": "Type a domain, such as example.edu.",
  "plans.day.0": "Sunday",
  "plans.day.1": "Monday",
  "plans.day.2": "Tuesday",
  "plans.day.3": "Wednesday",
  "plans.day.4": "Thursday",
  "plans.day.5": "Friday",
  "plans.day.6": "Saturday",
  "plans.named.heading": "Named plans",
  "plans.named.intro":
    "A weekly allowance of its own, for an account or an e-mail domain. An account whose allowance rises gets it at once; a lower one applies from the next reset.",
  "plans.named.none": "No named plans yet.",
  "plans.named.item": "{name}: {allowance} a week · {accounts} accounts",
  "plans.named.domains": "Domains: {domains}",
  "plans.named.name": "Name",
  "plans.named.create": "Make the plan",
  "plans.named.created": "The plan is made.",
  "plans.named.exists": "A plan of this name exists already.",
  "plans.domain.domain": "E-mail domain",
  "plans.domain.plan": "Plan",
  "plans.domain.none": "No named plan",
  "plans.domain.save": "Set the domain's plan",
  "plans.domain.saved": "The domain's plan is set.",
  "plans.account.plan": "Plan",
  "plans.account.inForce": "The plan in force",
  "plans.account.save": "Set the plan",
  "plans.account.saved": "The account's plan is set. Balance: {credits} credits.",
} as const;

export type PlansKey = keyof typeof plansEn;

const plansTr: Record<PlansKey, string> = {
  "plans.heading": "Planlar",
  "plans.intro":
    "Her hesabın ve misafirin karşılaştığı sayılar. Bir değişiklik her sunucuda bir sonraki istekle geçerli olur; bakiyeler yalnızca defter üzerinden değişir.",
  "plans.field.weeklyAllowance": "Haftalık hak (kredi)",
  "plans.field.costPerText": "Bir metnin bedeli (kredi)",
  "plans.field.trialCredits": "Deneme (misafirin ya da doğrulanmamış hesabın kredisi)",
  "plans.field.trialTextsPerNetwork": "Ağ başına 24 saatte deneme metni",
  "plans.field.adReward": "Reklam ödülü (kredi)",
  "plans.field.adsPerDay": "Günlük reklam sayısı",
  "plans.field.resetDay": "Haftalık yenileme (00:00 UTC)",
  "plans.default": "Varsayılan: {value}",
  "plans.save": "Planı kaydet",
  "plans.saved": "Plan kaydedildi.",
  "plans.invalid": "Bazı sayılar aralığın dışında; alanlara bakın.",
  "plans.error.weeklyAllowance": "Haftalık hak 0 ile 1.000.000 arasında bir tam sayıdır.",
  "plans.error.costPerText": "Bir metnin bedeli 10 ile 10.000 arasında 10'un katıdır.",
  "plans.error.trialCredits":
    "Deneme 0 ile 1.000.000 arasında tam sayı bir kredidir ve haftalık haktan fazla olamaz.",
  "plans.error.trialTextsPerNetwork":
    "Ağ başına deneme metni 0 ile 1.000 arasında bir tam sayıdır.",
  "plans.error.adReward": "Reklam ödülü 0 ile 100.000 arasında bir tam sayıdır.",
  "plans.error.adsPerDay": "Günlük reklam sayısı 0 ile 100 arasında bir tam sayıdır.",
  "plans.error.resetDay": "Yenileme günü haftanın bir günüdür.",
  "plans.error.name": "Bir planın adı 1 ile 60 karakter arasındadır.",
  "plans.error.domain": "example.edu gibi bir alan adı yazın.",
  "plans.day.0": "Pazar",
  "plans.day.1": "Pazartesi",
  "plans.day.2": "Salı",
  "plans.day.3": "Çarşamba",
  "plans.day.4": "Perşembe",
  "plans.day.5": "Cuma",
  "plans.day.6": "Cumartesi",
  "plans.named.heading": "Adlı planlar",
  "plans.named.intro":
    "Bir hesap ya da bir e-posta alan adı için kendine ait bir haftalık hak. Hakkı artan bir hesap onu hemen alır; daha düşük bir hak bir sonraki yenilemeden itibaren geçerlidir.",
  "plans.named.none": "Henüz adlı plan yok.",
  "plans.named.item": "{name}: haftada {allowance} · {accounts} hesap",
  "plans.named.domains": "Alan adları: {domains}",
  "plans.named.name": "Ad",
  "plans.named.create": "Planı oluştur",
  "plans.named.created": "Plan oluşturuldu.",
  "plans.named.exists": "Bu adda bir plan zaten var.",
  "plans.domain.domain": "E-posta alan adı",
  "plans.domain.plan": "Plan",
  "plans.domain.none": "Adlı plan yok",
  "plans.domain.save": "Alan adının planını belirle",
  "plans.domain.saved": "Alan adının planı belirlendi.",
  "plans.account.plan": "Plan",
  "plans.account.inForce": "Geçerli plan",
  "plans.account.save": "Planı belirle",
  "plans.account.saved": "Hesabın planı belirlendi. Bakiye: {credits} kredi.",
};

export const plansWords = catalog(plansEn, plansTr);

/** A field's refusal in the chosen language, by the field's name in `fieldErrors`. */
export function planFieldError(
  t: (key: PlansKey) => string,
  field: string,
  fieldErrors: Record<string, string[]> | undefined,
): string | undefined {
  if (!fieldErrors?.[field]) return undefined;
  const key = `plans.error.${field}`;
  return plansWords.has(key) ? t(key) : fieldErrors[field][0];
}
