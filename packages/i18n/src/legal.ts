import type { InterfaceLanguageCode } from "./languages";

/**
 * The default privacy policy and terms of service, served at /{language}/u/privacy_policy_page/
 * and /{language}/u/terms_page/ (docs/legal-pages.md). Generic texts for a quiz and lead
 * service; the operator replaces them with their own files (LEGAL_PAGES_DIR).
 */
export type LegalPage = "privacy" | "terms";

export interface LegalText {
  title: string;
  intro: string;
  sections: { heading: string; body: string }[];
}

export interface LegalTexts {
  /** The link from one page to the other, and the back link to the app. */
  privacyLink: string;
  termsLink: string;
  homeLink: string;
  privacy: LegalText;
  terms: LegalText;
}

const en: LegalTexts = {
  privacyLink: "Privacy policy",
  termsLink: "Terms of service",
  homeLink: "Back to the app",
  privacy: {
    title: "Privacy policy",
    intro:
      "This policy explains which personal data this service (the quiz and lead builder) processes, why, and what rights you have. The operator of this installation is the data controller.",
    sections: [
      {
        heading: "Data of account holders",
        body: "When you register we store your e-mail address, a hash of your password (never the password itself), your interface language and the settings you choose. We use them to sign you in, to send service e-mails (address confirmation, password reset) and to run your quizzes.",
      },
      {
        heading: "Data of quiz visitors",
        body: "Quizzes collect the answers and the contact details that visitors enter, together with technical data (time, page address, advertising tags in the link). The quiz owner decides what is collected and is responsible for it towards their visitors; we process these leads on the owner's behalf.",
      },
      {
        heading: "Cookies and storage",
        body: "The owner app keeps your session in the browser's storage. Quizzes remember unfinished answers in the visitor's browser. Analytics tags run only when the quiz owner adds them.",
      },
      {
        heading: "Sharing",
        body: "We do not sell personal data. Leads are sent only to the destinations the quiz owner configures (e-mail, webhooks, CRM integrations). Hosting and e-mail providers process data for us under contract.",
      },
      {
        heading: "Retention and your rights",
        body: "Account data is kept while the account exists; leads until the quiz owner deletes them. You may ask for access, correction or deletion of your data, and object to processing, by writing to the operator of this service.",
      },
    ],
  },
  terms: {
    title: "Terms of service",
    intro:
      "These terms govern the use of this service for building quizzes and collecting leads. By creating an account you accept them.",
    sections: [
      {
        heading: "Your account",
        body: "Keep your password secret; you are responsible for what is done with your account. Tell the operator at once if you suspect unauthorised access.",
      },
      {
        heading: "Your content and leads",
        body: "Quizzes, images and texts you publish remain yours, and you are responsible for them. You must have a lawful basis to collect the data your quizzes ask for and must inform your visitors, including with your own privacy policy.",
      },
      {
        heading: "Acceptable use",
        body: "Do not use the service for spam, deception, malware, collecting data without consent, or anything unlawful. The operator may suspend quizzes or accounts that break these rules.",
      },
      {
        heading: "Availability and liability",
        body: "The service is provided as is. The operator works to keep it available and your data safe but does not guarantee uninterrupted operation and is not liable for indirect losses, as far as the law allows.",
      },
      {
        heading: "Changes",
        body: "The operator may change these terms; significant changes are announced in advance. You can stop using the service and delete your account at any time.",
      },
    ],
  },
};

const ru: LegalTexts = {
  privacyLink: "Политика конфиденциальности",
  termsLink: "Условия использования",
  homeLink: "Вернуться в приложение",
  privacy: {
    title: "Политика конфиденциальности",
    intro:
      "Эта политика объясняет, какие персональные данные обрабатывает сервис (конструктор квизов и заявок), зачем и какие у вас есть права. Оператор этой установки сервиса является оператором персональных данных.",
    sections: [
      {
        heading: "Данные владельцев аккаунтов",
        body: "При регистрации мы храним ваш адрес e-mail, хеш пароля (но не сам пароль), язык интерфейса и выбранные вами настройки. Они нужны, чтобы вы могли войти, получать служебные письма (подтверждение адреса, сброс пароля) и запускать свои квизы.",
      },
      {
        heading: "Данные посетителей квизов",
        body: "Квизы собирают ответы и контакты, которые вводят посетители, а также технические данные (время, адрес страницы, рекламные метки в ссылке). Что собирать, решает владелец квиза, и он отвечает за это перед посетителями; мы обрабатываем заявки по его поручению.",
      },
      {
        heading: "Cookie и хранилище браузера",
        body: "Приложение хранит вашу сессию в хранилище браузера. Квизы запоминают незаконченные ответы в браузере посетителя. Счётчики аналитики работают, только если их добавил владелец квиза.",
      },
      {
        heading: "Передача данных",
        body: "Мы не продаём персональные данные. Заявки отправляются только туда, куда настроил владелец квиза (e-mail, вебхуки, CRM). Хостинг и почтовые сервисы обрабатывают данные по договору с нами.",
      },
      {
        heading: "Сроки хранения и ваши права",
        body: "Данные аккаунта хранятся, пока существует аккаунт; заявки — пока их не удалит владелец квиза. Вы можете запросить доступ к своим данным, их исправление или удаление, а также возразить против обработки, написав оператору сервиса.",
      },
    ],
  },
  terms: {
    title: "Условия использования",
    intro:
      "Эти условия регулируют использование сервиса для создания квизов и сбора заявок. Создавая аккаунт, вы их принимаете.",
    sections: [
      {
        heading: "Ваш аккаунт",
        body: "Храните пароль в тайне: вы отвечаете за действия, совершённые с вашим аккаунтом. Сразу сообщите оператору, если подозреваете чужой доступ.",
      },
      {
        heading: "Ваш контент и заявки",
        body: "Квизы, изображения и тексты, которые вы публикуете, остаются вашими, и вы за них отвечаете. У вас должно быть законное основание собирать данные, которые запрашивают ваши квизы, и вы должны информировать посетителей, в том числе своей политикой конфиденциальности.",
      },
      {
        heading: "Допустимое использование",
        body: "Не используйте сервис для спама, обмана, вредоносных программ, сбора данных без согласия или чего-либо незаконного. Оператор может приостановить квизы или аккаунты, нарушающие эти правила.",
      },
      {
        heading: "Доступность и ответственность",
        body: "Сервис предоставляется «как есть». Оператор старается поддерживать его работу и сохранность данных, но не гарантирует бесперебойную работу и не отвечает за косвенные убытки в пределах, допускаемых законом.",
      },
      {
        heading: "Изменения",
        body: "Оператор может изменять эти условия; о существенных изменениях сообщается заранее. Вы можете в любой момент прекратить пользоваться сервисом и удалить аккаунт.",
      },
    ],
  },
};

const uk: LegalTexts = {
  privacyLink: "Політика конфіденційності",
  termsLink: "Умови використання",
  homeLink: "Повернутися до застосунку",
  privacy: {
    title: "Політика конфіденційності",
    intro:
      "Ця політика пояснює, які персональні дані обробляє сервіс (конструктор квізів і заявок), навіщо і які у вас є права. Оператор цього встановлення сервісу є володільцем персональних даних.",
    sections: [
      {
        heading: "Дані власників акаунтів",
        body: "Під час реєстрації ми зберігаємо вашу адресу e-mail, хеш пароля (але не сам пароль), мову інтерфейсу та обрані вами налаштування. Вони потрібні, щоб ви могли увійти, отримувати службові листи (підтвердження адреси, скидання пароля) і запускати свої квізи.",
      },
      {
        heading: "Дані відвідувачів квізів",
        body: "Квізи збирають відповіді та контакти, які вводять відвідувачі, а також технічні дані (час, адресу сторінки, рекламні мітки в посиланні). Що збирати, вирішує власник квізу, і він відповідає за це перед відвідувачами; ми обробляємо заявки за його дорученням.",
      },
      {
        heading: "Cookie та сховище браузера",
        body: "Застосунок зберігає вашу сесію в сховищі браузера. Квізи запам'ятовують незавершені відповіді в браузері відвідувача. Лічильники аналітики працюють, лише якщо їх додав власник квізу.",
      },
      {
        heading: "Передача даних",
        body: "Ми не продаємо персональні дані. Заявки надсилаються лише туди, куди налаштував власник квізу (e-mail, вебхуки, CRM). Хостинг і поштові сервіси обробляють дані за договором з нами.",
      },
      {
        heading: "Строки зберігання та ваші права",
        body: "Дані акаунта зберігаються, доки існує акаунт; заявки — доки їх не видалить власник квізу. Ви можете запросити доступ до своїх даних, їх виправлення чи видалення, а також заперечити проти обробки, написавши оператору сервісу.",
      },
    ],
  },
  terms: {
    title: "Умови використання",
    intro:
      "Ці умови регулюють використання сервісу для створення квізів і збору заявок. Створюючи акаунт, ви їх приймаєте.",
    sections: [
      {
        heading: "Ваш акаунт",
        body: "Зберігайте пароль у таємниці: ви відповідаєте за дії, здійснені з вашим акаунтом. Одразу повідомте оператора, якщо підозрюєте сторонній доступ.",
      },
      {
        heading: "Ваш контент і заявки",
        body: "Квізи, зображення та тексти, які ви публікуєте, залишаються вашими, і ви за них відповідаєте. Ви повинні мати законну підставу збирати дані, які запитують ваші квізи, та інформувати відвідувачів, зокрема власною політикою конфіденційності.",
      },
      {
        heading: "Допустиме використання",
        body: "Не використовуйте сервіс для спаму, обману, шкідливих програм, збору даних без згоди чи будь-чого незаконного. Оператор може призупинити квізи або акаунти, що порушують ці правила.",
      },
      {
        heading: "Доступність і відповідальність",
        body: "Сервіс надається «як є». Оператор намагається підтримувати його роботу та збереження даних, але не гарантує безперебійної роботи й не відповідає за непрямі збитки в межах, дозволених законом.",
      },
      {
        heading: "Зміни",
        body: "Оператор може змінювати ці умови; про суттєві зміни повідомляється заздалегідь. Ви можете будь-коли припинити користуватися сервісом і видалити акаунт.",
      },
    ],
  },
};

export const legalTexts: Record<InterfaceLanguageCode, LegalTexts> = { en, ru, uk };
