import type { Language } from "../../../shared/generation.ts";

/**
 * The offline engine's wording, one book per language, written in that language's own
 * words and script. `{s}` is the subject, `{r}` the recipient, `{p}` a point.
 */
export interface Phrasebook {
  greetingFormal: string;
  greetingFormalTo: string;
  greetingFriendly: string;
  greetingFriendlyTo: string;
  intro: string;
  pointsLead: string;
  ordinals: [string, string, string, string];
  elaborations: [string, string, string];
  persuasive: string;
  request: string;
  closingFormal: string;
  closingFriendly: string;
  signature: string;
  subjectLabel: string;
  introduction: string;
  keyPoints: string;
  conclusion: string;
  conclusionText: string;
  summary: string;
  summaryText: string;
  background: string;
  backgroundText: string;
  findings: string;
  recommendations: string;
  recommendationText: string;
  overview: string;
  overviewText: string;
  objectives: string;
  plan: string;
  planText: string;
  nextSteps: string;
  nextStepsText: string;
  verdict: string;
  verdictText: string;
  reviewIntro: string;
  strengths: string;
  storyOpening: string;
  storyMiddle: string;
  storyEnding: string;
  creativeLines: [string, string, string];
  blogIntro: string;
  blogOutro: string;
  essayIntro: string;
}

export const PHRASEBOOKS: Record<Language, Phrasebook> = {
  english: {
    greetingFormal: "Dear Sir or Madam,",
    greetingFormalTo: "Dear {r},",
    greetingFriendly: "Hello,",
    greetingFriendlyTo: "Hi {r},",
    intro: "I am writing to you regarding {s}.",
    pointsLead: "Here are the main points:",
    ordinals: ["First,", "Second,", "In addition,", "Finally,"],
    elaborations: [
      "This point matters because it shapes how we approach {s}.",
      "Taking it into account now will save time and avoid misunderstandings later.",
      "I would be glad to share more details on this if that would help.",
    ],
    persuasive: "I am confident that acting on this now is the best choice for everyone involved.",
    request: "Please let me know if you have any questions or need further information.",
    closingFormal: "Kind regards,",
    closingFriendly: "Best wishes,",
    signature: "[Your name]",
    subjectLabel: "Subject",
    introduction: "Introduction",
    keyPoints: "Key points",
    conclusion: "Conclusion",
    conclusionText:
      "In conclusion, {s} deserves careful attention, and the points above show the way forward.",
    summary: "Summary",
    summaryText: "This report looks at {s} and sets out the main findings and recommendations.",
    background: "Background",
    backgroundText: "The topic of {s} was examined to understand the current situation.",
    findings: "Findings",
    recommendations: "Recommendations",
    recommendationText:
      "We recommend acting on these findings and reviewing the results regularly.",
    overview: "Overview",
    overviewText: "This proposal describes {s} and how it can be put into practice.",
    objectives: "Objectives",
    plan: "Plan",
    planText: "The work will be carried out in clear stages, with a review after each one.",
    nextSteps: "Next steps",
    nextStepsText: "With your approval, we can begin straight away and report back on progress.",
    verdict: "Verdict",
    verdictText: "Overall, {s} is a solid choice that I can recommend.",
    reviewIntro: "Here is my honest review of {s}.",
    strengths: "What stands out",
    storyOpening:
      "It all began on an ordinary morning, when nobody expected anything to change: {s}.",
    storyMiddle: "Then something unexpected happened: {p}.",
    storyEnding:
      "When evening came, everything looked different, and the memory of that day stayed forever.",
    creativeLines: [
      "Quietly, {s} takes shape,",
      "like light that finds its way through glass;",
      "{p}",
    ],
    blogIntro: "Have you ever wondered about {s}? In this post, we look at what really matters.",
    blogOutro: "Thanks for reading! Share your thoughts on {s} in the comments.",
    essayIntro:
      "{s} is a topic that deserves careful thought, and this essay explores it step by step.",
  },
  turkish: {
    greetingFormal: "Sayın Yetkili,",
    greetingFormalTo: "Sayın {r},",
    greetingFriendly: "Merhaba,",
    greetingFriendlyTo: "Merhaba {r},",
    intro: "Size {s} konusunda yazıyorum.",
    pointsLead: "Başlıca noktalar şunlardır:",
    ordinals: ["İlk olarak,", "İkinci olarak,", "Ayrıca,", "Son olarak,"],
    elaborations: [
      "Bu nokta önemlidir, çünkü {s} konusuna yaklaşımımızı belirler.",
      "Bunu şimdi dikkate almak ileride zaman kazandırır ve yanlış anlamaları önler.",
      "Yardımcı olacaksa bu konuda daha fazla ayrıntı paylaşmaktan memnuniyet duyarım.",
    ],
    persuasive: "Bu konuda hemen harekete geçmenin herkes için en doğru seçim olduğuna inanıyorum.",
    request: "Herhangi bir sorunuz olursa lütfen bana bildirin.",
    closingFormal: "Saygılarımla,",
    closingFriendly: "Sevgiyle,",
    signature: "[Adınız]",
    subjectLabel: "Konu",
    introduction: "Giriş",
    keyPoints: "Önemli noktalar",
    conclusion: "Sonuç",
    conclusionText:
      "Sonuç olarak, {s} dikkatle ele alınmayı hak ediyor ve yukarıdaki noktalar ileriye giden yolu gösteriyor.",
    summary: "Özet",
    summaryText:
      "Bu rapor {s} konusunu inceliyor ve başlıca bulguları ile önerileri ortaya koyuyor.",
    background: "Arka plan",
    backgroundText: "Mevcut durumu anlamak için {s} konusu incelendi.",
    findings: "Bulgular",
    recommendations: "Öneriler",
    recommendationText:
      "Bu bulgulara göre hareket edilmesini ve sonuçların düzenli olarak gözden geçirilmesini öneriyoruz.",
    overview: "Genel bakış",
    overviewText: "Bu teklif {s} konusunu ve nasıl hayata geçirilebileceğini anlatıyor.",
    objectives: "Hedefler",
    plan: "Plan",
    planText:
      "Çalışma net aşamalar hâlinde yürütülecek ve her aşamanın ardından değerlendirme yapılacak.",
    nextSteps: "Sonraki adımlar",
    nextStepsText: "Onayınızla hemen başlayabilir ve ilerleme hakkında bilgi verebiliriz.",
    verdict: "Değerlendirme",
    verdictText: "Genel olarak {s}, gönül rahatlığıyla önerebileceğim sağlam bir seçim.",
    reviewIntro: "{s} hakkındaki dürüst değerlendirmem şöyle.",
    strengths: "Öne çıkanlar",
    storyOpening: "Her şey, kimsenin bir değişiklik beklemediği sıradan bir sabah başladı: {s}.",
    storyMiddle: "Sonra beklenmedik bir şey oldu: {p}.",
    storyEnding: "Akşam olduğunda her şey farklı görünüyordu ve o günün anısı hep akılda kaldı.",
    creativeLines: ["Sessizce şekilleniyor {s},", "camdan süzülen bir ışık gibi;", "{p}"],
    blogIntro: "{s} hakkında hiç düşündünüz mü? Bu yazıda gerçekten önemli olana bakıyoruz.",
    blogOutro: "Okuduğunuz için teşekkürler! {s} hakkındaki düşüncelerinizi yorumlarda paylaşın.",
    essayIntro:
      "{s}, üzerinde dikkatle düşünülmesi gereken bir konu ve bu deneme onu adım adım inceliyor.",
  },
  german: {
    greetingFormal: "Sehr geehrte Damen und Herren,",
    greetingFormalTo: "Sehr geehrte/r {r},",
    greetingFriendly: "Hallo,",
    greetingFriendlyTo: "Hallo {r},",
    intro: "ich schreibe Ihnen bezüglich {s}.",
    pointsLead: "Die wichtigsten Punkte sind:",
    ordinals: ["Erstens", "Zweitens", "Außerdem", "Schließlich"],
    elaborations: [
      "Dieser Punkt ist wichtig, weil er bestimmt, wie wir mit {s} umgehen.",
      "Wenn wir ihn jetzt berücksichtigen, sparen wir später Zeit und vermeiden Missverständnisse.",
      "Gerne teile ich dazu weitere Einzelheiten mit, wenn das hilft.",
    ],
    persuasive: "Ich bin überzeugt, dass jetzt zu handeln für alle Beteiligten die beste Wahl ist.",
    request:
      "Bitte lassen Sie mich wissen, wenn Sie Fragen haben oder weitere Informationen benötigen.",
    closingFormal: "Mit freundlichen Grüßen",
    closingFriendly: "Viele Grüße",
    signature: "[Ihr Name]",
    subjectLabel: "Betreff",
    introduction: "Einleitung",
    keyPoints: "Wichtige Punkte",
    conclusion: "Fazit",
    conclusionText:
      "Zusammenfassend verdient {s} besondere Aufmerksamkeit, und die Punkte oben zeigen den Weg nach vorn.",
    summary: "Zusammenfassung",
    summaryText:
      "Dieser Bericht untersucht {s} und stellt die wichtigsten Ergebnisse und Empfehlungen vor.",
    background: "Hintergrund",
    backgroundText: "Das Thema {s} wurde untersucht, um die aktuelle Lage zu verstehen.",
    findings: "Ergebnisse",
    recommendations: "Empfehlungen",
    recommendationText:
      "Wir empfehlen, auf Grundlage dieser Ergebnisse zu handeln und sie regelmäßig zu überprüfen.",
    overview: "Überblick",
    overviewText: "Dieser Vorschlag beschreibt {s} und wie es umgesetzt werden kann.",
    objectives: "Ziele",
    plan: "Vorgehen",
    planText: "Die Arbeit erfolgt in klaren Schritten, mit einer Überprüfung nach jedem Schritt.",
    nextSteps: "Nächste Schritte",
    nextStepsText:
      "Mit Ihrer Zustimmung können wir sofort beginnen und über den Fortschritt berichten.",
    verdict: "Urteil",
    verdictText: "Insgesamt ist {s} eine solide Wahl, die ich empfehlen kann.",
    reviewIntro: "Hier ist meine ehrliche Bewertung zu {s}.",
    strengths: "Was auffällt",
    storyOpening:
      "Alles begann an einem gewöhnlichen Morgen, als niemand mit einer Veränderung rechnete: {s}.",
    storyMiddle: "Dann geschah etwas Unerwartetes: {p}.",
    storyEnding:
      "Als der Abend kam, sah alles anders aus, und die Erinnerung an diesen Tag blieb für immer.",
    creativeLines: [
      "Leise nimmt {s} Gestalt an,",
      "wie Licht, das durch Glas seinen Weg findet;",
      "{p}",
    ],
    blogIntro:
      "Haben Sie sich schon einmal Gedanken über {s} gemacht? In diesem Beitrag sehen wir uns an, worauf es ankommt.",
    blogOutro: "Danke fürs Lesen! Teilen Sie Ihre Gedanken zu {s} in den Kommentaren.",
    essayIntro:
      "{s} ist ein Thema, das sorgfältiges Nachdenken verdient, und dieser Aufsatz untersucht es Schritt für Schritt.",
  },
  spanish: {
    greetingFormal: "Estimado/a señor/a:",
    greetingFormalTo: "Estimado/a {r}:",
    greetingFriendly: "Hola:",
    greetingFriendlyTo: "Hola, {r}:",
    intro: "Le escribo en relación con {s}.",
    pointsLead: "Estos son los puntos principales:",
    ordinals: ["En primer lugar,", "En segundo lugar,", "Además,", "Por último,"],
    elaborations: [
      "Este punto es importante porque determina cómo abordamos {s}.",
      "Tenerlo en cuenta ahora ahorrará tiempo y evitará malentendidos más adelante.",
      "Con gusto compartiré más detalles si le resulta útil.",
    ],
    persuasive: "Estoy convencido de que actuar ahora es la mejor opción para todos.",
    request: "Quedo a su disposición para cualquier pregunta o información adicional.",
    closingFormal: "Atentamente,",
    closingFriendly: "Un saludo,",
    signature: "[Su nombre]",
    subjectLabel: "Asunto",
    introduction: "Introducción",
    keyPoints: "Puntos clave",
    conclusion: "Conclusión",
    conclusionText:
      "En conclusión, {s} merece una atención especial, y los puntos anteriores muestran el camino a seguir.",
    summary: "Resumen",
    summaryText: "Este informe analiza {s} y presenta los principales hallazgos y recomendaciones.",
    background: "Antecedentes",
    backgroundText: "Se estudió el tema de {s} para comprender la situación actual.",
    findings: "Hallazgos",
    recommendations: "Recomendaciones",
    recommendationText:
      "Recomendamos actuar según estos hallazgos y revisar los resultados con regularidad.",
    overview: "Descripción general",
    overviewText: "Esta propuesta describe {s} y cómo ponerlo en práctica.",
    objectives: "Objetivos",
    plan: "Plan",
    planText: "El trabajo se realizará en etapas claras, con una revisión después de cada una.",
    nextSteps: "Próximos pasos",
    nextStepsText: "Con su aprobación, podemos empezar de inmediato e informar sobre los avances.",
    verdict: "Veredicto",
    verdictText: "En general, {s} es una opción sólida que puedo recomendar.",
    reviewIntro: "Esta es mi opinión sincera sobre {s}.",
    strengths: "Lo más destacado",
    storyOpening: "Todo comenzó una mañana cualquiera, cuando nadie esperaba ningún cambio: {s}.",
    storyMiddle: "Entonces ocurrió algo inesperado: {p}.",
    storyEnding:
      "Al caer la tarde, todo parecía distinto, y el recuerdo de aquel día permaneció para siempre.",
    creativeLines: ["En silencio, {s} toma forma,", "como la luz que atraviesa el cristal;", "{p}"],
    blogIntro:
      "¿Alguna vez te has preguntado sobre {s}? En esta entrada vemos lo que de verdad importa.",
    blogOutro: "¡Gracias por leer! Comparte tu opinión sobre {s} en los comentarios.",
    essayIntro:
      "{s} es un tema que merece una reflexión cuidadosa, y este ensayo lo explora paso a paso.",
  },
  french: {
    greetingFormal: "Madame, Monsieur,",
    greetingFormalTo: "Bonjour {r},",
    greetingFriendly: "Bonjour,",
    greetingFriendlyTo: "Salut {r},",
    intro: "Je vous écris au sujet de {s}.",
    pointsLead: "Voici les points principaux :",
    ordinals: ["Premièrement,", "Deuxièmement,", "De plus,", "Enfin,"],
    elaborations: [
      "Ce point est important, car il détermine notre approche de {s}.",
      "En tenir compte dès maintenant fera gagner du temps et évitera les malentendus.",
      "Je serai heureux de vous donner plus de détails si cela peut vous aider.",
    ],
    persuasive: "Je suis convaincu qu'agir dès maintenant est le meilleur choix pour tous.",
    request: "N'hésitez pas à me contacter pour toute question ou information complémentaire.",
    closingFormal: "Veuillez agréer mes salutations distinguées,",
    closingFriendly: "Bien à vous,",
    signature: "[Votre nom]",
    subjectLabel: "Objet",
    introduction: "Introduction",
    keyPoints: "Points clés",
    conclusion: "Conclusion",
    conclusionText:
      "En conclusion, {s} mérite une attention particulière, et les points ci-dessus montrent la voie à suivre.",
    summary: "Résumé",
    summaryText:
      "Ce rapport examine {s} et présente les principales conclusions et recommandations.",
    background: "Contexte",
    backgroundText: "Le sujet de {s} a été étudié afin de comprendre la situation actuelle.",
    findings: "Constats",
    recommendations: "Recommandations",
    recommendationText:
      "Nous recommandons d'agir sur la base de ces constats et d'en suivre régulièrement les résultats.",
    overview: "Présentation",
    overviewText: "Cette proposition décrit {s} et la manière de le mettre en œuvre.",
    objectives: "Objectifs",
    plan: "Plan d'action",
    planText: "Le travail sera mené par étapes claires, avec un bilan après chacune d'elles.",
    nextSteps: "Prochaines étapes",
    nextStepsText:
      "Avec votre accord, nous pouvons commencer immédiatement et vous tenir informé des progrès.",
    verdict: "Verdict",
    verdictText: "Dans l'ensemble, {s} est un choix solide que je peux recommander.",
    reviewIntro: "Voici mon avis sincère sur {s}.",
    strengths: "Ce qui ressort",
    storyOpening:
      "Tout a commencé un matin ordinaire, quand personne ne s'attendait au moindre changement : {s}.",
    storyMiddle: "Puis quelque chose d'inattendu est arrivé : {p}.",
    storyEnding:
      "Quand le soir est venu, tout semblait différent, et le souvenir de ce jour est resté pour toujours.",
    creativeLines: [
      "Doucement, {s} prend forme,",
      "comme la lumière qui traverse le verre ;",
      "{p}",
    ],
    blogIntro:
      "Vous êtes-vous déjà interrogé sur {s} ? Dans cet article, nous voyons ce qui compte vraiment.",
    blogOutro: "Merci de votre lecture ! Partagez votre avis sur {s} en commentaire.",
    essayIntro:
      "{s} est un sujet qui mérite une réflexion attentive, et cet essai l'explore étape par étape.",
  },
  chinese: {
    greetingFormal: "尊敬的先生/女士：",
    greetingFormalTo: "尊敬的{r}：",
    greetingFriendly: "您好：",
    greetingFriendlyTo: "{r}，你好：",
    intro: "我写信是关于{s}。",
    pointsLead: "主要内容如下：",
    ordinals: ["首先，", "其次，", "此外，", "最后，"],
    elaborations: [
      "这一点很重要，因为它决定了我们如何处理{s}。",
      "现在考虑到这一点，可以节省时间，避免日后的误解。",
      "如有需要，我很乐意提供更多细节。",
    ],
    persuasive: "我相信现在就采取行动，对各方来说都是最好的选择。",
    request: "如有任何问题或需要更多信息，请随时告诉我。",
    closingFormal: "此致\n敬礼",
    closingFriendly: "祝好，",
    signature: "[您的姓名]",
    subjectLabel: "主题",
    introduction: "引言",
    keyPoints: "要点",
    conclusion: "结论",
    conclusionText: "总之，{s}值得我们认真对待，以上几点指明了前进的方向。",
    summary: "摘要",
    summaryText: "本报告探讨了{s}，并提出了主要发现和建议。",
    background: "背景",
    backgroundText: "为了解当前情况，我们对{s}进行了研究。",
    findings: "发现",
    recommendations: "建议",
    recommendationText: "我们建议根据这些发现采取行动，并定期检查结果。",
    overview: "概述",
    overviewText: "本提案介绍了{s}以及如何将其付诸实践。",
    objectives: "目标",
    plan: "计划",
    planText: "工作将分阶段进行，每个阶段结束后进行评估。",
    nextSteps: "下一步",
    nextStepsText: "获得您的批准后，我们可以立即开始，并及时汇报进展。",
    verdict: "总评",
    verdictText: "总的来说，{s}是一个值得推荐的可靠选择。",
    reviewIntro: "以下是我对{s}的真实评价。",
    strengths: "亮点",
    storyOpening: "一切都始于一个普通的早晨，那时谁也没想到会有什么改变：{s}。",
    storyMiddle: "接着，意想不到的事情发生了：{p}。",
    storyEnding: "夜幕降临时，一切都变得不同了，那一天的记忆永远留在了心里。",
    creativeLines: ["{s}悄然成形，", "如同穿过玻璃的光；", "{p}"],
    blogIntro: "你是否想过{s}？在这篇文章中，我们来看看真正重要的是什么。",
    blogOutro: "感谢阅读！欢迎在评论区分享你对{s}的看法。",
    essayIntro: "{s}是一个值得深思的话题，本文将逐步展开探讨。",
  },
  hindi: {
    greetingFormal: "आदरणीय महोदय/महोदया,",
    greetingFormalTo: "आदरणीय {r},",
    greetingFriendly: "नमस्ते,",
    greetingFriendlyTo: "नमस्ते {r},",
    intro: "मैं आपको {s} के बारे में लिख रहा/रही हूँ।",
    pointsLead: "मुख्य बिंदु इस प्रकार हैं:",
    ordinals: ["सबसे पहले,", "दूसरा,", "इसके अलावा,", "अंत में,"],
    elaborations: [
      "यह बिंदु महत्वपूर्ण है क्योंकि यह तय करता है कि हम {s} को कैसे देखते हैं।",
      "इसे अभी ध्यान में रखने से बाद में समय बचेगा और गलतफहमियाँ नहीं होंगी।",
      "अगर मदद हो तो मैं इस बारे में और जानकारी देने में खुशी महसूस करूँगा/करूँगी।",
    ],
    persuasive: "मुझे विश्वास है कि अभी कदम उठाना सभी के लिए सबसे अच्छा विकल्प है।",
    request: "यदि आपके कोई प्रश्न हों या और जानकारी चाहिए, तो कृपया मुझे बताएं।",
    closingFormal: "सादर,",
    closingFriendly: "शुभकामनाओं सहित,",
    signature: "[आपका नाम]",
    subjectLabel: "विषय",
    introduction: "परिचय",
    keyPoints: "मुख्य बिंदु",
    conclusion: "निष्कर्ष",
    conclusionText: "अंत में, {s} पर ध्यान देना ज़रूरी है, और ऊपर दिए गए बिंदु आगे का रास्ता दिखाते हैं।",
    summary: "सारांश",
    summaryText: "यह रिपोर्ट {s} की जाँच करती है और मुख्य निष्कर्ष तथा सुझाव प्रस्तुत करती है।",
    background: "पृष्ठभूमि",
    backgroundText: "वर्तमान स्थिति को समझने के लिए {s} विषय का अध्ययन किया गया।",
    findings: "निष्कर्ष बिंदु",
    recommendations: "सुझाव",
    recommendationText:
      "हम इन निष्कर्षों के आधार पर कदम उठाने और नियमित रूप से परिणामों की समीक्षा करने का सुझाव देते हैं।",
    overview: "अवलोकन",
    overviewText: "यह प्रस्ताव {s} और उसे लागू करने के तरीके का वर्णन करता है।",
    objectives: "उद्देश्य",
    plan: "योजना",
    planText: "काम स्पष्ट चरणों में किया जाएगा और हर चरण के बाद समीक्षा होगी।",
    nextSteps: "अगले कदम",
    nextStepsText: "आपकी स्वीकृति मिलते ही हम तुरंत शुरू कर सकते हैं और प्रगति की जानकारी देंगे।",
    verdict: "फ़ैसला",
    verdictText: "कुल मिलाकर, {s} एक भरोसेमंद विकल्प है जिसकी मैं सिफ़ारिश कर सकता/सकती हूँ।",
    reviewIntro: "{s} के बारे में मेरी ईमानदार समीक्षा यह है।",
    strengths: "ख़ास बातें",
    storyOpening: "सब कुछ एक साधारण सुबह शुरू हुआ, जब किसी को किसी बदलाव की उम्मीद नहीं थी: {s}।",
    storyMiddle: "फिर कुछ अनपेक्षित हुआ: {p}।",
    storyEnding: "शाम होते-होते सब कुछ बदला हुआ लग रहा था, और उस दिन की याद हमेशा के लिए रह गई।",
    creativeLines: ["चुपचाप {s} आकार लेता है,", "जैसे काँच से गुज़रती रोशनी;", "{p}"],
    blogIntro: "क्या आपने कभी {s} के बारे में सोचा है? इस पोस्ट में हम देखते हैं कि वास्तव में क्या मायने रखता है।",
    blogOutro: "पढ़ने के लिए धन्यवाद! {s} पर अपने विचार टिप्पणियों में साझा करें।",
    essayIntro: "{s} एक ऐसा विषय है जिस पर ध्यान से सोचना चाहिए, और यह निबंध इसे क्रम से समझाता है।",
  },
  arabic: {
    greetingFormal: "السادة المحترمون،",
    greetingFormalTo: "عزيزي {r}،",
    greetingFriendly: "مرحبًا،",
    greetingFriendlyTo: "مرحبًا {r}،",
    intro: "أكتب إليكم بخصوص {s}.",
    pointsLead: "فيما يلي النقاط الرئيسية:",
    ordinals: ["أولًا،", "ثانيًا،", "بالإضافة إلى ذلك،", "وأخيرًا،"],
    elaborations: [
      "هذه النقطة مهمة لأنها تحدد طريقة تعاملنا مع {s}.",
      "أخذها في الاعتبار الآن يوفر الوقت ويجنبنا سوء الفهم لاحقًا.",
      "يسعدني تقديم مزيد من التفاصيل إذا كان ذلك مفيدًا.",
    ],
    persuasive: "أنا على ثقة بأن التحرك الآن هو الخيار الأفضل للجميع.",
    request: "يرجى إعلامي إذا كانت لديكم أي أسئلة أو احتجتم إلى مزيد من المعلومات.",
    closingFormal: "مع خالص التحية،",
    closingFriendly: "مع أطيب التمنيات،",
    signature: "[اسمك]",
    subjectLabel: "الموضوع",
    introduction: "مقدمة",
    keyPoints: "النقاط الرئيسية",
    conclusion: "الخاتمة",
    conclusionText: "ختامًا، يستحق {s} اهتمامًا خاصًا، والنقاط السابقة توضح الطريق إلى الأمام.",
    summary: "الملخص",
    summaryText: "يتناول هذا التقرير {s} ويعرض أهم النتائج والتوصيات.",
    background: "الخلفية",
    backgroundText: "تمت دراسة موضوع {s} لفهم الوضع الحالي.",
    findings: "النتائج",
    recommendations: "التوصيات",
    recommendationText: "نوصي بالعمل وفق هذه النتائج ومراجعتها بانتظام.",
    overview: "نظرة عامة",
    overviewText: "يصف هذا المقترح {s} وكيفية تطبيقه عمليًا.",
    objectives: "الأهداف",
    plan: "الخطة",
    planText: "سيتم تنفيذ العمل على مراحل واضحة مع مراجعة بعد كل مرحلة.",
    nextSteps: "الخطوات التالية",
    nextStepsText: "بموافقتكم يمكننا البدء فورًا وإطلاعكم على سير العمل.",
    verdict: "الحكم النهائي",
    verdictText: "بشكل عام، يُعد {s} خيارًا جيدًا أنصح به.",
    reviewIntro: "هذا تقييمي الصادق لـ {s}.",
    strengths: "أبرز النقاط",
    storyOpening: "بدأ كل شيء في صباح عادي، حين لم يتوقع أحد أي تغيير: {s}.",
    storyMiddle: "ثم حدث أمر غير متوقع: {p}.",
    storyEnding: "ومع حلول المساء بدا كل شيء مختلفًا، وبقيت ذكرى ذلك اليوم إلى الأبد.",
    creativeLines: ["بهدوء يتشكل {s}،", "كضوء يعبر الزجاج؛", "{p}"],
    blogIntro: "هل تساءلت يومًا عن {s}؟ في هذه التدوينة نتعرف على ما يهم حقًا.",
    blogOutro: "شكرًا على القراءة! شارِكنا رأيك في {s} في التعليقات.",
    essayIntro: "{s} موضوع يستحق التفكير العميق، وهذا المقال يتناوله خطوة بخطوة.",
  },
  portuguese: {
    greetingFormal: "Prezado(a) Senhor(a),",
    greetingFormalTo: "Prezado(a) {r},",
    greetingFriendly: "Olá,",
    greetingFriendlyTo: "Olá, {r},",
    intro: "Escrevo a respeito de {s}.",
    pointsLead: "Estes são os pontos principais:",
    ordinals: ["Em primeiro lugar,", "Em segundo lugar,", "Além disso,", "Por fim,"],
    elaborations: [
      "Este ponto é importante porque define como abordamos {s}.",
      "Levá-lo em conta agora poupa tempo e evita mal-entendidos mais tarde.",
      "Terei prazer em partilhar mais detalhes, se for útil.",
    ],
    persuasive: "Estou convencido de que agir agora é a melhor escolha para todos.",
    request: "Fico à disposição para quaisquer dúvidas ou informações adicionais.",
    closingFormal: "Atenciosamente,",
    closingFriendly: "Abraços,",
    signature: "[Seu nome]",
    subjectLabel: "Assunto",
    introduction: "Introdução",
    keyPoints: "Pontos principais",
    conclusion: "Conclusão",
    conclusionText:
      "Em conclusão, {s} merece atenção especial, e os pontos acima mostram o caminho a seguir.",
    summary: "Resumo",
    summaryText: "Este relatório analisa {s} e apresenta as principais conclusões e recomendações.",
    background: "Contexto",
    backgroundText: "O tema {s} foi estudado para compreender a situação atual.",
    findings: "Constatações",
    recommendations: "Recomendações",
    recommendationText:
      "Recomendamos agir com base nestas constatações e rever os resultados com regularidade.",
    overview: "Visão geral",
    overviewText: "Esta proposta descreve {s} e como pô-lo em prática.",
    objectives: "Objetivos",
    plan: "Plano",
    planText: "O trabalho será feito em etapas claras, com uma revisão após cada uma.",
    nextSteps: "Próximos passos",
    nextStepsText: "Com a sua aprovação, podemos começar de imediato e informar sobre o progresso.",
    verdict: "Veredito",
    verdictText: "No geral, {s} é uma escolha sólida que posso recomendar.",
    reviewIntro: "Esta é a minha opinião sincera sobre {s}.",
    strengths: "Destaques",
    storyOpening: "Tudo começou numa manhã comum, quando ninguém esperava qualquer mudança: {s}.",
    storyMiddle: "Então aconteceu algo inesperado: {p}.",
    storyEnding:
      "Quando a noite chegou, tudo parecia diferente, e a lembrança daquele dia ficou para sempre.",
    creativeLines: ["Em silêncio, {s} ganha forma,", "como a luz que atravessa o vidro;", "{p}"],
    blogIntro: "Já se perguntou sobre {s}? Neste artigo, vemos o que realmente importa.",
    blogOutro: "Obrigado pela leitura! Partilhe a sua opinião sobre {s} nos comentários.",
    essayIntro:
      "{s} é um tema que merece reflexão cuidadosa, e este ensaio explora-o passo a passo.",
  },
  russian: {
    greetingFormal: "Уважаемые коллеги,",
    greetingFormalTo: "Уважаемый(ая) {r},",
    greetingFriendly: "Здравствуйте,",
    greetingFriendlyTo: "Привет, {r},",
    intro: "Я пишу вам по поводу: {s}.",
    pointsLead: "Основные моменты:",
    ordinals: ["Во-первых,", "Во-вторых,", "Кроме того,", "Наконец,"],
    elaborations: [
      "Этот момент важен, потому что он определяет наш подход к теме «{s}».",
      "Если учесть его сейчас, это сэкономит время и поможет избежать недоразумений.",
      "Буду рад(а) рассказать подробнее, если это поможет.",
    ],
    persuasive: "Я уверен(а), что действовать сейчас — лучший выбор для всех.",
    request:
      "Пожалуйста, дайте знать, если у вас есть вопросы или нужна дополнительная информация.",
    closingFormal: "С уважением,",
    closingFriendly: "Всего доброго,",
    signature: "[Ваше имя]",
    subjectLabel: "Тема",
    introduction: "Введение",
    keyPoints: "Ключевые моменты",
    conclusion: "Заключение",
    conclusionText:
      "В заключение, тема «{s}» заслуживает особого внимания, а изложенные выше пункты показывают путь вперёд.",
    summary: "Краткое содержание",
    summaryText:
      "В этом отчёте рассматривается тема «{s}» и приводятся основные выводы и рекомендации.",
    background: "Предыстория",
    backgroundText: "Тема «{s}» была изучена, чтобы понять текущую ситуацию.",
    findings: "Выводы",
    recommendations: "Рекомендации",
    recommendationText:
      "Мы рекомендуем действовать с учётом этих выводов и регулярно проверять результаты.",
    overview: "Обзор",
    overviewText: "Это предложение описывает тему «{s}» и способы её реализации.",
    objectives: "Цели",
    plan: "План",
    planText: "Работа будет вестись чёткими этапами с проверкой после каждого из них.",
    nextSteps: "Следующие шаги",
    nextStepsText: "С вашего одобрения мы можем начать сразу и сообщать о ходе работы.",
    verdict: "Итог",
    verdictText: "В целом «{s}» — надёжный выбор, который я могу рекомендовать.",
    reviewIntro: "Вот мой честный отзыв о теме «{s}».",
    strengths: "Что выделяется",
    storyOpening: "Всё началось обычным утром, когда никто не ждал перемен: {s}.",
    storyMiddle: "И тут случилось неожиданное: {p}.",
    storyEnding: "Когда наступил вечер, всё выглядело иначе, и память о том дне осталась навсегда.",
    creativeLines: ["Тихо обретает форму {s},", "как свет, что проходит сквозь стекло;", "{p}"],
    blogIntro:
      "Вы когда-нибудь задумывались о теме «{s}»? В этой статье разберёмся, что действительно важно.",
    blogOutro: "Спасибо за чтение! Поделитесь своим мнением о теме «{s}» в комментариях.",
    essayIntro:
      "«{s}» — тема, которая заслуживает внимательного размышления, и это эссе рассматривает её шаг за шагом.",
  },
};
