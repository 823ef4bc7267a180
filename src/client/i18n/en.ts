// Every user-visible string, keyed by screen, so a French catalog can be added beside this one.
// Strings quoted in spec/SPEC.md are copied here exactly: do not reword them.
// Each screen's section is owned by the feature that renders it; edit only your own section.

export const en = {
  app: {
    name: 'Maple After Dark',
    tagline: "Canada's premier adult classified marketplace",
  },
  layout: {
    skipToContent: 'Skip to content',
    homeLink: 'Maple After Dark home',
    browse: 'Browse',
    browseTitle: 'Browse ads',
    browseDescription: 'Pick a province, a city and a category.',
    searchLabel: 'Search ads',
    searchPlaceholder: 'Search ads…',
    searchButton: 'Search',
    provinceLabel: 'Province',
    provincePlaceholder: 'Select province',
    cityLabel: 'City',
    cityPlaceholder: 'City',
    cityFilterLabel: 'Filter cities',
    cityFilterPlaceholder: 'Type to filter cities',
    cityEmpty: 'No cities found.',
    cityLoading: 'Loading cities…',
    allCities: 'All cities',
    categoriesLabel: 'Categories',
    accountMenu: 'Account menu',
    guest: 'Guest',
    myAds: 'My ads',
    admin: 'Admin',
    verifiedSoon: 'Verified (coming soon)',
    signOut: 'Sign out',
    postAd: 'Post Ad',
    manage: 'Manage',
    wallet: 'Wallet',
    logout: 'Logout',
    register: 'Register',
    login: 'Login',
    signedOutToast: 'Signed out',
    footerNav: 'Footer',
    privacy: 'Privacy',
    terms: 'Terms',
    contact: 'Contact',
    rights: 'All ads are posted by adults (18+). Report illegal content through the Contact page.',
    mockBanner:
      'Demo data: ad browsing, posting and managing are simulated and kept in this browser only.',
    offlineBanner: 'You are offline. Showing what this device has saved; actions that need the network will wait.',
    backendDownBanner: 'The server cannot be reached right now. Browsing still works; sign-in, wallet and payments are unavailable.',
    close: 'Close',
  },
  home: {
    heroTitle: 'Adult classifieds across Canada',
    heroSubtitle: 'Browse and post 18+ ads by province, city and category. Discreet, simple and free to browse.',
    heroKeywordLabel: 'Keyword',
    heroKeywordPlaceholder: 'What are you looking for?',
    heroProvinceLabel: 'Province',
    heroSearch: 'Search',
    topCategories: 'Top categories',
    topCategoriesSubtitle: 'Jump straight into the most popular sections.',
    browseByProvince: 'Browse by province',
    browseByProvinceSubtitle: 'Choose a category, then open a province or one of its cities.',
    categoryLabel: 'Category',
    categoryPlaceholder: 'Choose a category',
    viewAll: 'View all',
    citiesOf: 'Cities in {province}',
    chooseCategoryTitle: 'Choose a category',
    chooseCategoryDescription: 'Select a category from the dropdown first.',
    categoryBlurbs: {
      'adult-buy-sell': 'Toys, lingerie and adult items from people near you.',
      'adult-castings': 'Casting calls and collaborations for adult productions.',
      'adult-pics-vids': 'Photo sets and videos from independent creators.',
      'adult-services': 'Female, male and trans companions.',
    },
  },
  listing: {},
  adDialog: {},
  toasts: {
    region: 'Notifications',
    close: 'Close',
  },
  errors: {
    unexpectedTitle: 'Unexpected Application Error!',
    applicationTitle: 'Application Error',
    intro: 'Something went wrong while showing this page.',
    stackLabel: 'Stack trace',
    goHome: 'Back to home',
    reload: 'Reload',
  },
  pwa: {
    updateAvailable: 'A new version is available',
    updateDescription: 'Reload to get the latest version of the app.',
    reload: 'Reload',
    updateReady: 'Update ready',
    install: 'Install app',
    installLabel: 'Install Maple After Dark on this device',
    networkError: 'Could not reach the server. Check your connection and try again.',
    requestFailed: 'Request failed',
    unexpectedAnswer: 'Unexpected answer from the server',
  },
  static: {
    ageGate: {
      title: 'Adults only (18+)',
      body: 'This site contains adult content and classified ads for adults. You must be at least 18 years old, and of legal age where you live, to enter.',
      confirm: 'I am 18 or older',
      leave: 'Leave',
      leaveUrl: 'https://www.google.ca/',
    },
    contact: {
      title: 'Contact us',
      intro: 'Questions, feedback or a report about an ad? Send us a message and we will reply within 24 hours.',
      name: 'Name',
      email: 'Email',
      subject: 'Subject',
      message: 'Message',
      send: 'Send message',
      sending: 'Sending…',
      required: '{field} is required',
      invalidEmail: 'Enter a valid email address',
      sentTitle: 'Message sent',
      sentDescription: 'Thanks! We will reply within 24 hours.',
      phoneTitle: 'Phone support',
      phoneHours: 'Mon-Fri 9-6 EST',
      emailTitle: 'Email',
      emailAddress: 'support@mapleafterdark.ca',
      reportTitle: 'Report an ad',
      reportBody: 'Use the Report link on the ad, or write to us with the ad title and its city. Reports of minors, trafficking or non-consensual content are handled first and passed to the police.',
    },
    privacy: {
      title: 'Privacy Policy',
      updated: 'Last updated: November 2026',
      sections: [
        {
          heading: 'Who we are',
          body: [
            'Maple After Dark is an adult (18+) classified-ads marketplace for Canada. This policy explains what personal information we collect, why, and the choices you have. We follow the Personal Information Protection and Electronic Documents Act (PIPEDA) and, where they apply, provincial privacy laws such as Quebec’s Law 25.',
          ],
        },
        {
          heading: 'What stays in your browser',
          body: [
            'Browsing, searching and the ads you post or edit are kept on your device only (local storage and IndexedDB): your ads, drafts, your 18+ confirmation and a copy of city lists. We never see this data. Clearing your browser data or uninstalling the app deletes it.',
            'When you sign in, your session token and the email of your account are also stored on your device so you stay signed in. Signing out removes them.',
          ],
        },
        {
          heading: 'What our server keeps',
          body: [
            'Your account: email address and a password hash (we never store your password itself), whether your email is verified, and sign-in sessions.',
            'Your wallet: balance, top-ups and payments, kept as a ledger as required for accounting and fraud prevention.',
            'Crypto payments are handled by a payment processor; we keep the charge reference and status, never your wallet keys.',
            'Messages sent for moderation (ad text checked against banned phrases) are checked and not stored.',
          ],
        },
        {
          heading: 'Why we use it',
          body: [
            'To run your account, take payments, keep the marketplace legal and safe (moderation, abuse and fraud prevention) and answer your messages. We do not sell your personal information and we do not use third-party advertising trackers.',
          ],
        },
        {
          heading: 'How long we keep it',
          body: [
            'Account data is kept while your account is active. Payment records are kept as long as Canadian tax law requires (generally six years). Server logs are kept for a short time for security.',
          ],
        },
        {
          heading: 'Your rights',
          body: [
            'Under PIPEDA you may ask to see the personal information we hold about you, ask us to correct it, or withdraw consent and close your account. Write to us through the Contact page; we answer within 30 days. If you are not satisfied, you can complain to the Office of the Privacy Commissioner of Canada (priv.gc.ca).',
          ],
        },
        {
          heading: 'Security',
          body: [
            'Connections are encrypted, passwords are hashed with a modern algorithm, and access to our systems is limited to the people who need it. If a breach creates a real risk of significant harm, we will tell you and the Privacy Commissioner as the law requires.',
          ],
        },
      ],
    },
    terms: {
      title: 'Terms of Use',
      updated: 'Last updated: November 2026',
      sections: [
        {
          heading: 'Adults only',
          body: [
            'You must be at least 18 years old, and of the age of majority where you live, to use this site. By entering you confirm that you are, and that adult content is legal where you are.',
          ],
        },
        {
          heading: 'Your ads',
          body: [
            'You are responsible for every ad you post. Ads must be truthful, legal in Canada and in your province, and about consenting adults only. Every person shown in a photo or video must be 18 or older and have agreed to appear in it.',
          ],
        },
        {
          heading: 'Forbidden content',
          body: [
            'No content involving minors, or anyone who looks like a minor. No human trafficking, exploitation, coercion or third-party advertising of another person. No non-consensual or stolen images. No violence, threats, hate, or illegal drugs. We remove such ads without notice, close the account and report to the police.',
            'Ads for companionship must follow Canadian law, including the Criminal Code (the Protection of Communities and Exploited Persons Act). We may refuse or remove any ad at our discretion.',
          ],
        },
        {
          heading: 'Fees and payments',
          body: [
            'Posting an ad costs $2 CAD and bumping it to the top costs $1 CAD, paid from your prepaid wallet or in Bitcoin or Litecoin. The minimum wallet top-up is $5 CAD. Fees are non-refundable, including when an ad is removed for breaking these terms. Wallet balances have no cash value and cannot be withdrawn.',
          ],
        },
        {
          heading: 'Meeting people',
          body: [
            'We only publish ads; we are not a party to any exchange between users. Take care when you meet someone, never send money in advance to people you do not know, and report suspicious ads.',
          ],
        },
        {
          heading: 'Your account',
          body: [
            'Keep your password private; you are responsible for what happens under your account. We may suspend accounts that break these terms.',
          ],
        },
        {
          heading: 'Liability and law',
          body: [
            'The site is provided as is. To the extent the law allows, we are not liable for ads posted by users or for losses from dealings between users. These terms are governed by the laws of Ontario and of Canada.',
          ],
        },
      ],
    },
  },
  auth: {},
  admin: {},
  post: {},
  manage: {},
  checkout: {},
  pay: {},
  wallet: {},
} as const

export type Messages = typeof en
