// Demo data for development and first start (SPEC §1-3): users, challenges, projects, resources, a merchandise catalogue
// as if synced from Printify, applications, collaborators, a subscription and orders. Idempotent: every row is upserted
// by a fixed id or a unique key, so running it again refreshes the demo rows and never duplicates them. Dates are
// relative to a fixed reference date so the output is deterministic. Run with `npm run db:seed`.
import type { FileKind } from "../modules/deliverables/schema";
import type { Prisma, PrismaClient } from "../generated/prisma/client";
import { createHash } from "node:crypto";
import { storage } from "../lib/storage";
import { uploadedFileUrl } from "../modules/uploads/schema";
import { toMerchandise } from "../modules/printify/catalogue";
import { DEMO_PRODUCTS, DEMO_SHOP } from "../modules/printify/demo-catalogue";
import { DEMO_PRINTIFY_STATUS } from "../modules/orders/schema";

export const DEMO_ACCOUNTS = {
  admin: { username: "admin", email: "admin@example.com", password: "admin-demo-1234" },
  member: { username: "member", email: "member@example.com", password: "member-demo-1234" },
  judge: { username: "judge", email: "judge@example.com", password: "judge-demo-1234" },
} as const;

const REFERENCE_DATE = Date.UTC(2026, 10, 1); // 2026-11-01T00:00:00Z
const days = (offset: number) => new Date(REFERENCE_DATE + offset * 86_400_000);
const img = (name: string) => `/images/demo/${name}.svg`;

// ---------------------------------------------------------------------------------------------------- users
// Keyed by email. Extra members share one demo password so that anyone can sign in as them.
const EXTRA_MEMBER_PASSWORD = "demo-member-1234";
const USERS = [
  { ...DEMO_ACCOUNTS.admin, firstName: "Ada", lastName: "Admin", role: "ADMIN", toolAccess: [] },
  { ...DEMO_ACCOUNTS.member, firstName: "Morgan", lastName: "Lee", role: "USER", toolAccess: [] },
  {
    username: "priya",
    email: "priya@example.com",
    password: EXTRA_MEMBER_PASSWORD,
    firstName: "Priya",
    lastName: "Natarajan",
    role: "USER",
    toolAccess: ["challenges", "order_management"],
  },
  {
    username: "diego",
    email: "diego@example.com",
    password: EXTRA_MEMBER_PASSWORD,
    firstName: "Diego",
    lastName: "Alvarez",
    role: "USER",
    toolAccess: [],
  },
  {
    username: "amara",
    email: "amara@example.com",
    password: EXTRA_MEMBER_PASSWORD,
    firstName: "Amara",
    lastName: "Okafor",
    role: "USER",
    toolAccess: [],
  },
  // Judging (demo-judging.ts): `judge` sits on two juries with `priya`; four more entrants make the fields.
  { ...DEMO_ACCOUNTS.judge, firstName: "Jordan", lastName: "Reyes", role: "USER", toolAccess: [] },
  ...(
    [
      ["lina", "Lina", "Haddad"],
      ["tomas", "Tomás", "Novak"],
      ["kofi", "Kofi", "Mensah"],
      ["mei", "Mei", "Chen"],
    ] as const
  ).map(([username, firstName, lastName]) => ({
    username,
    email: `${username}@example.com`,
    password: EXTRA_MEMBER_PASSWORD,
    firstName,
    lastName,
    role: "USER" as const,
    toolAccess: [] as const,
  })),
] as const;
type Username = (typeof USERS)[number]["username"];

// ---------------------------------------------------------------------------------------------------- challenges
const CH = {
  cleanAir: "c0000001-5eed-4c00-8000-000000000001",
  transit: "c0000002-5eed-4c00-8000-000000000002",
  foodRescue: "c0000003-5eed-4c00-8000-000000000003",
  seniors: "c0000004-5eed-4c00-8000-000000000004",
  flood: "c0000005-5eed-4c00-8000-000000000005",
  schools: "c0000006-5eed-4c00-8000-000000000006",
  housing: "c0000007-5eed-4c00-8000-000000000007",
  youth: "c0000008-5eed-4c00-8000-000000000008",
  heat: "c0000009-5eed-4c00-8000-000000000009",
  fridges: "c0000010-5eed-4c00-8000-000000000010",
} as const;

const CHALLENGES = [
  {
    id: CH.cleanAir,
    status: "ACTIVE",
    title: "Clean Air Corridors",
    startDate: days(-31),
    endDate: days(44),
    imageUrl: img("skyline"),
    createdAt: days(-60),
    description: "Map pollution hotspots along school routes and design low-cost interventions that families can actually use.",
    fullDescription:
      "Thousands of children walk to school along busy roads where air quality regularly exceeds safe limits. Sensor data exists, but it rarely reaches the families and councils who could act on it.\n\nIn this challenge, teams combine open sensor feeds with community walk-audits to identify the worst corridors, then prototype interventions: green screens, route planners, traffic-calming pilots or simple alerts.\n\nThe strongest proposals will be tested with two partner schools during the spring term.",
    requirements: ["Environmental scientists", "Data analysts", "Urban designers", "Parents and teachers from partner schools"],
    outcomes: [
      "An open map of pollution hotspots on school routes",
      "Three tested intervention prototypes",
      "A playbook councils can reuse",
    ],
    timeline: "Kick-off and data sprint in October; walk-audits and prototyping in November; demo day in mid-December.",
  },
  {
    // Stored the older way: one element holding JSON text (SPEC §3 "list of text, possibly JSON text").
    id: CH.transit,
    status: "ACTIVE",
    title: "Accessible Transit for All",
    startDate: days(-47),
    endDate: days(91),
    imageUrl: img("transit"),
    createdAt: days(-75),
    description:
      "Remove the everyday barriers that stop wheelchair users, older riders and parents with strollers from using public transit.",
    fullDescription:
      "A step at a bus stop, a broken lift or an unreadable timetable can turn a ten-minute trip into an impossible one. Riders know exactly where these barriers are, but the information is scattered.\n\nTeams will work with riders with disabilities and the regional transit agency to crowdsource barrier reports, prioritise fixes and prototype better wayfinding.\n\nWe are especially interested in low-tech solutions and in ideas that keep working when the app is offline.",
    requirements: [JSON.stringify(["Accessibility advocates", "UX designers", "Transit planners", "Hardware tinkerers"])],
    outcomes: [
      JSON.stringify([
        "A barrier-reporting service riders trust",
        "A prioritised fix list for the transit agency",
        "Accessible wayfinding prototypes for three stations",
      ]),
    ],
    timeline:
      "Discovery with riders in September and October; build sprints November to January; handover at the end of January.",
  },
  {
    id: CH.foodRescue,
    status: "ACTIVE",
    title: "Food Rescue Networks",
    startDate: days(-12),
    endDate: days(119),
    imageUrl: null,
    createdAt: days(-40),
    description: "Connect surplus food from shops and restaurants with community kitchens before it goes to waste.",
    fullDescription:
      "Every evening, edible food is thrown away a few streets from community kitchens that struggle to fill their shelves. The gap is logistics: timing, transport and trust.\n\nThis challenge asks teams to design a rescue network for one district — from donor onboarding and food-safety checks to volunteer routing and impact reporting.\n\nPilots will run with ten donors and four kitchens.",
    requirements: ["Logistics and operations people", "Food-safety experts", "Volunteer coordinators", "Software developers"],
    outcomes: ["A working pickup-and-delivery pilot", "Food-safety guidance for donors", "A monthly impact report template"],
    timeline: "Design in November; pilot from December to February; evaluation in early March.",
  },
  {
    id: CH.seniors,
    status: "UPCOMING",
    title: "Digital Literacy for Seniors",
    startDate: days(30),
    endDate: days(120),
    imageUrl: img("network"),
    createdAt: days(-20),
    description: "Help older residents get online safely, from video calls with family to booking a doctor's appointment.",
    fullDescription:
      "Many public services are now digital first, and older residents without confidence online are left behind.\n\nTeams will co-design a peer-learning programme with libraries and senior centres: short, friendly sessions, printed guides and a helpline staffed by trained volunteers.\n\nSafety matters as much as skills: every module covers scams and privacy.",
    requirements: ["Educators and trainers", "Librarians", "Volunteers comfortable teaching one-to-one"],
    outcomes: ["A six-session peer-learning curriculum", "Printed large-type guides", "A volunteer helpline playbook"],
    timeline: "Applications open now; co-design workshops from December; first sessions in February.",
  },
  {
    id: CH.flood,
    status: "UPCOMING",
    title: "Flood-Ready Neighbourhoods",
    startDate: days(75),
    endDate: days(180),
    imageUrl: img("waves"),
    createdAt: days(-10),
    description: "Prepare low-lying neighbourhoods for heavier rain with early warnings, rain gardens and mutual-aid plans.",
    fullDescription:
      "Heavier rainfall is flooding streets that never flooded before. Residents want to help each other but lack a shared plan.\n\nThis challenge brings together residents, engineers and emergency services to design neighbourhood-level preparedness: street-by-street warning chains, sustainable drainage projects and checklists for vulnerable households.\n\nProposals should be cheap to maintain and owned by the community.",
    requirements: ["Civil and water engineers", "Community organisers", "Emergency planners", "Landscape designers"],
    outcomes: [
      "A warning-chain model for two neighbourhoods",
      "Designs for five rain gardens",
      "A household preparedness checklist",
    ],
    timeline: "Starts mid-January with site visits; design sprints in February and March; community review in April.",
  },
  {
    id: CH.schools,
    status: "COMPLETED",
    title: "Circular Schools",
    startDate: days(-245),
    endDate: days(-124),
    imageUrl: img("circular"),
    createdAt: days(-280),
    description: "Cut single-use waste in school canteens and classrooms by designing reuse and repair into daily routines.",
    fullDescription:
      "Schools produce a surprising amount of single-use waste, from lunch packaging to broken equipment.\n\nTwelve teams worked with pupils, teachers and canteen staff to redesign routines around reuse and repair. The winning projects are now running in partner schools.\n\nThe results and white papers are published on the projects page.",
    requirements: ["Product designers", "Teachers", "Waste and recycling specialists"],
    outcomes: ["Reusable lunch-kit scheme", "Classroom repair café model", "Waste audit method for schools"],
    timeline: "March to June 2026 (completed).",
  },
  {
    id: CH.housing,
    status: "COMPLETED",
    title: "Affordable Housing Data Commons",
    startDate: days(-295),
    endDate: days(-170),
    imageUrl: img("skyline"),
    createdAt: days(-320),
    description:
      "Make rents, vacancies and planning data open and understandable so tenants and councils can make better decisions.",
    fullDescription:
      "Housing data is fragmented across agencies, landlords and private platforms, and tenants rarely see it.\n\nTeams built tools to collect, clean and publish rent and vacancy data under an open licence, with tenant unions checking that the results were useful and fair.\n\nThe open rent registry that came out of this challenge is now maintained by a coalition of local organisations.",
    requirements: ["Data engineers", "Housing researchers", "Tenant organisers", "Privacy specialists"],
    outcomes: ["An open rent registry", "A privacy review of published data", "Policy briefs for the city council"],
    timeline: "January to May 2026 (completed).",
  },
  {
    id: CH.youth,
    status: "COMPLETED",
    title: "Youth Civic Voice",
    startDate: days(-400),
    endDate: days(-300),
    imageUrl: img("community"),
    createdAt: days(-430),
    description: "Give young people a real say in local budgets and decisions through formats they design themselves.",
    fullDescription:
      "Young people are the most affected by long-term decisions and the least consulted.\n\nTeams of young residents and facilitators designed participation formats, from a youth budget assembly to short-video consultations, and tested them with the council.\n\nThe youth budget assembly allocated a real budget and will run again next year.",
    requirements: ["Young people aged 14-24", "Facilitators", "Council officers"],
    outcomes: ["Youth budget assembly format", "Consultation toolkit", "Evaluation report"],
    timeline: "September 2025 to January 2026 (completed).",
  },
  {
    // Completed but not yet archived: what the admin's Archive Challenge dialog offers in the demo.
    id: CH.fridges,
    status: "COMPLETED",
    title: "Community Fridges",
    startDate: days(-200),
    endDate: days(-20),
    imageUrl: img("circular"),
    createdAt: days(-230),
    description: "Set up neighbourhood fridges where shops and neighbours leave surplus food for anyone to take.",
    fullDescription:
      "Surplus food from small shops rarely reaches a food bank: the quantities are too small to collect.\n\nTeams placed and ran four community fridges with local shops, a cleaning rota and simple food-safety rules, and measured what was taken.\n\nThe results are in; the write-up is still to be published.",
    requirements: ["Shop owners", "Volunteers for the cleaning rota", "A food-safety adviser"],
    outcomes: ["Four running fridges", "Food-safety checklist", "Usage figures"],
    timeline: "May to November 2026 (completed).",
  },
  {
    id: CH.heat,
    status: "DRAFT",
    title: "Heat Relief Mapping",
    startDate: days(120),
    endDate: null,
    imageUrl: null,
    createdAt: days(-2),
    description:
      "Draft: find the hottest blocks in the city and plan shade, water points and cooling centres where they help most.",
    fullDescription:
      "Draft brief, not yet published.\n\nHeatwaves hit hardest where there is little shade and many older residents. This challenge will combine satellite heat maps with street-level knowledge to plan relief.",
    requirements: ["GIS analysts", "Public-health experts", "Community health workers"],
    outcomes: ["Heat-vulnerability map", "Cooling-centre siting plan"],
    timeline: "To be confirmed.",
  },
] satisfies (Prisma.ChallengeUncheckedCreateInput & { id: string })[];

// ---------------------------------------------------------------------------------------------------- projects
const PR = {
  lunchKits: "b0000001-5eed-4b00-8000-000000000001",
  repairCafe: "b0000002-5eed-4b00-8000-000000000002",
  rentRegistry: "b0000003-5eed-4b00-8000-000000000003",
  youthBudget: "b0000004-5eed-4b00-8000-000000000004",
  cooling: "b0000005-5eed-4b00-8000-000000000005",
} as const;

const PROJECTS = [
  {
    id: PR.lunchKits,
    challengeId: CH.schools,
    title: "Reusable Lunch Kits",
    imageUrl: img("circular"),
    createdAt: days(-110),
    whitePaperUrl: "/files/white-papers/reusable-lunch-kits.pdf",
    description: "A deposit-based lunch-kit scheme that removed 80% of single-use packaging from three school canteens.",
    problem: "School canteens served more than 2,000 meals a day in disposable containers, and recycling rates were below 10%.",
    solution:
      "Pupils designed a durable lunch kit with a small deposit. Kits are returned to smart collection points, washed in the canteen and reissued the next day.",
    insights:
      "Pupils were the best ambassadors: return rates rose from 70% to 96% once classes competed on a weekly leaderboard.",
  },
  {
    id: PR.repairCafe,
    challengeId: CH.schools,
    title: "Classroom Repair Café",
    imageUrl: img("tools"),
    createdAt: days(-100),
    whitePaperUrl: "/files/white-papers/classroom-repair-cafe.pdf",
    description: "Monthly repair sessions where pupils and volunteers fix school equipment instead of replacing it.",
    problem:
      "Broken calculators, chairs and laptops were replaced rather than repaired, costing schools money and producing waste.",
    solution:
      "A monthly repair café run by pupils with volunteer fixers, a shared tool library and a simple log of every repair.",
    insights: "Repair skills boosted confidence in STEM subjects; girls made up more than half of the regular fixers.",
  },
  {
    id: PR.rentRegistry,
    challengeId: CH.housing,
    title: "Open Rent Registry",
    imageUrl: img("chart"),
    createdAt: days(-150),
    whitePaperUrl: "/files/white-papers/open-rent-registry.pdf",
    description: "An open, privacy-reviewed registry of rents and vacancies used by tenants, researchers and the council.",
    problem: "Tenants had no reliable way to know whether a rent was fair, and the council lacked data to target enforcement.",
    solution:
      "Tenants submit their rent anonymously; the registry validates and aggregates entries by area and publishes them under an open licence with a simple map.",
    insights: "Aggregation at block level protected privacy without losing the patterns that tenants and policy makers needed.",
  },
  {
    id: PR.youthBudget,
    challengeId: CH.youth,
    title: "Youth Budget Assembly",
    imageUrl: img("community"),
    createdAt: days(-280),
    whitePaperUrl: "/files/white-papers/youth-budget-assembly.pdf",
    description: "A citizens' assembly format where young residents allocate a real slice of the council budget.",
    problem: "Fewer than 2% of responses to council consultations came from people under 25.",
    solution:
      "Forty randomly selected young residents met over four weekends, heard from experts and allocated a real budget to projects they proposed.",
    insights: null,
  },
  {
    id: PR.cooling,
    challengeId: null,
    title: "Community Cooling Centres Guide",
    imageUrl: img("skyline"),
    createdAt: days(-60),
    whitePaperUrl: null,
    description: "A practical guide for opening libraries, halls and places of worship as cooling centres during heatwaves.",
    problem:
      "During last summer's heatwave, many older residents had nowhere cool to go and did not know which buildings were open.",
    solution:
      "A step-by-step guide, a shared opening calendar and a phone tree that volunteers use to check on vulnerable neighbours.",
    insights: "Trusted local venues drew far more visitors than official centres people had never been to.",
  },
] satisfies (Prisma.ProjectUncheckedCreateInput & { id: string })[];

// ---------------------------------------------------------------------------------------------------- resources
const RESOURCES = [
  [
    "e0000001-5eed-4e00-8000-000000000001",
    "Challenge Canvas Toolkit",
    "TOOL",
    "FREE",
    null,
    null,
    null,
    "tools",
    -90,
    "A printable canvas and facilitation cards for framing a civic problem with the people who live it.",
  ],
  [
    "e0000002-5eed-4e00-8000-000000000002",
    "Impact Measurement Dashboard Kit",
    "TOOL",
    "PREMIUM",
    "29.00",
    "9.99",
    null,
    "chart",
    -85,
    "Spreadsheet and dashboard templates for tracking social-impact indicators across a pilot, with example data.",
  ],
  [
    "e0000003-5eed-4e00-8000-000000000003",
    "State of Civic Tech 2026",
    "RESEARCH",
    "FREE",
    null,
    null,
    null,
    "network",
    -70,
    "Our annual survey of 400 civic-tech projects: what gets funded, what survives and what communities actually use.",
  ],
  [
    "e0000004-5eed-4e00-8000-000000000004",
    "Rental Market Transparency Study",
    "RESEARCH",
    "PREMIUM",
    "49.00",
    null,
    PR.rentRegistry,
    "chart",
    -65,
    "The full research behind the Open Rent Registry, including methodology, privacy analysis and policy recommendations.",
  ],
  [
    "e0000005-5eed-4e00-8000-000000000005",
    "Innovation Sprint Planning Template",
    "TEMPLATE",
    "FREE",
    null,
    null,
    null,
    "document",
    -55,
    "A week-by-week plan for a six-week innovation sprint, with roles, rituals and checklists.",
  ],
  [
    "e0000006-5eed-4e00-8000-000000000006",
    "Grant Proposal Template Pack",
    "TEMPLATE",
    "PREMIUM",
    "19.00",
    "4.99",
    null,
    "document",
    -50,
    "Five annotated proposal templates for community grants, with budget sheets and theory-of-change examples.",
  ],
  [
    "e0000007-5eed-4e00-8000-000000000007",
    "Inclusive Co-Design Guide",
    "BEST_PRACTICE",
    "FREE",
    null,
    null,
    PR.youthBudget,
    "community",
    -45,
    "How to run co-design sessions that include people who are usually left out: access, pay, language and power.",
  ],
  [
    "e0000008-5eed-4e00-8000-000000000008",
    "Running Zero-Waste School Programmes",
    "BEST_PRACTICE",
    "PREMIUM",
    "39.00",
    "7.99",
    PR.lunchKits,
    "circular",
    -40,
    "Lessons from the Circular Schools challenge: procurement, hygiene rules, pupil engagement and measuring waste.",
  ],
  [
    "e0000009-5eed-4e00-8000-000000000009",
    "Repair Café Starter Kit",
    "TOOL",
    "FREE",
    null,
    null,
    PR.repairCafe,
    "tools",
    -30,
    "Everything needed to start a repair café: tool list, safety sheet, volunteer roles and a repair log.",
  ],
  [
    "e0000010-5eed-4e00-8000-000000000010",
    "Volunteer Onboarding Playbook",
    "BEST_PRACTICE",
    "PREMIUM",
    "24.00",
    "5.99",
    null,
    "community",
    -20,
    "Recruit, train and keep volunteers: scripts, induction checklists and a retention survey.",
  ],
] as const;

// ---------------------------------------------------------------------------------------------------- merchandise
// The demo catalogue (api/src/modules/printify/demo-catalogue.ts): Printify-shaped products stored through the same
// mapper as a real sync (toMerchandise: sanitized descriptions, variants, images per variant), flagged isDemo. Seeded
// only without a Printify token and outside production (the caller decides: api/src/cli/demo-seed.ts), and never over
// a real catalogue: once a sync has stored provider products, the demo rows are left alone.
const DEMO_MERCH = {
  tee: DEMO_PRODUCTS[0]!,
  hoodie: DEMO_PRODUCTS[1]!,
  mug: DEMO_PRODUCTS[2]!,
} as const;
type MerchSlug = keyof typeof DEMO_MERCH;
/** The previous demo catalogue's shop id: its rows are replaced by the Printify-shaped one. */
const LEGACY_DEMO_SHOP = "demo-shop";

// ---------------------------------------------------------------------------------------------------- relations
// Applications: [challenge, user, status, company, role, isEnterprise, days before the reference date]
const APPLICATIONS = [
  [CH.cleanAir, "member", "ACTIVE", "Independent", "Urban designer", false, 25],
  [CH.transit, "member", "PENDING", "Independent", "UX researcher", false, 3],
  [CH.cleanAir, "priya", "ACTIVE", "Northwind Analytics", "Data scientist", true, 28],
  [CH.foodRescue, "priya", "PENDING", "Northwind Analytics", "Operations lead", true, 2],
  [CH.transit, "diego", "ACTIVE", "City Mobility Lab", "Transit planner", false, 40],
  [CH.foodRescue, "diego", "REJECTED", "City Mobility Lab", "Software developer", false, 9],
  [CH.cleanAir, "amara", "PENDING", "Okafor Design Studio", "Landscape architect", false, 1],
  [CH.transit, "amara", "ACTIVE", "Okafor Design Studio", "Accessibility consultant", true, 35],
  [CH.schools, "member", "ACTIVE", "Independent", "Product designer", false, 240],
  [CH.schools, "diego", "ACTIVE", "City Mobility Lab", "Volunteer fixer", false, 238],
] as const satisfies readonly (readonly [string, Username, "PENDING" | "ACTIVE" | "REJECTED", string, string, boolean, number])[];

// Deliverables and team submissions (decision 019; README "Demo accounts"): Clean Air Corridors asks for a pitch deck
// (a PDF), a prototype link and a summary; `member` owns a team with `priya` whose draft holds one entry so far.
// Accessible Transit for All asks the same; `diego` and `amara` submitted version 1 there (a link and a text).
// [id, challenge, position, title, kind, required, due (days from the reference date)]
const DELIVERABLES = [
  ["de000001-5eed-4d00-8000-000000000001", CH.cleanAir, 1, "Pitch deck", "FILE", false, 35],
  ["de000002-5eed-4d00-8000-000000000002", CH.cleanAir, 2, "Prototype link", "URL", true, 40],
  ["de000003-5eed-4d00-8000-000000000003", CH.cleanAir, 3, "Project summary", "TEXT", true, 44],
  ["de000004-5eed-4d00-8000-000000000004", CH.transit, 1, "Pitch deck", "FILE", false, 80],
  ["de000005-5eed-4d00-8000-000000000005", CH.transit, 2, "Prototype link", "URL", true, 85],
  ["de000006-5eed-4d00-8000-000000000006", CH.transit, 3, "Project summary", "TEXT", true, 91],
] as const;
const DELIVERABLE_GUIDANCE: Record<string, string> = {
  FILE: "Ten slides at most: the problem, your idea, who it helps, and what you would test first.",
  URL: "A link to a clickable prototype, a repository or a short video.",
  TEXT: "In a few paragraphs: what you built, what you learned, and what comes next.",
};
// Judging's fields (demo-judging.ts): three more teams submitted on Accessible Transit for All, and Circular Schools'
// three finalists handed in before it closed (it asked for no deliverables).
// [id, challenge, owner, member, status, days the team started before the reference date, entries]
const SUBMISSIONS = [
  {
    id: "5b100001-5eed-4b00-8000-000000000001",
    challengeId: CH.cleanAir,
    owner: "member",
    mate: "priya",
    submitted: false,
    started: 20,
    entries: [["de000002-5eed-4d00-8000-000000000002", { url: "https://example.org/clean-air-walk-audit" }]],
  },
  {
    id: "5b100002-5eed-4b00-8000-000000000002",
    challengeId: CH.transit,
    owner: "diego",
    mate: "amara",
    submitted: true,
    started: 30,
    entries: [
      ["de000005-5eed-4d00-8000-000000000005", { url: "https://example.org/step-free-route-planner" }],
      [
        "de000006-5eed-4d00-8000-000000000006",
        {
          text: "## Step-free routes\n\nWe mapped every lift and ramp on two bus lines with wheelchair users, then built a route planner that avoids broken lifts in real time.\n\nNext: a pilot with the transit authority's lift-status feed.",
        },
      ],
    ],
  },
  {
    id: "5b100003-5eed-4b00-8000-000000000003",
    challengeId: CH.transit,
    owner: "lina",
    mate: "tomas",
    submitted: true,
    started: 28,
    entries: [
      ["de000005-5eed-4d00-8000-000000000005", { url: "https://example.org/bus-stop-barrier-reports" }],
      [
        "de000006-5eed-4d00-8000-000000000006",
        {
          text: "## Barrier reports riders trust\n\nA text-message line where riders report a blocked ramp or a broken lift in one sentence; volunteers confirm each report within a day and the agency sees a ranked fix list.",
        },
      ],
    ],
  },
  {
    id: "5b100004-5eed-4b00-8000-000000000004",
    challengeId: CH.transit,
    owner: "kofi",
    submitted: true,
    started: 26,
    entries: [
      ["de000005-5eed-4d00-8000-000000000005", { url: "https://example.org/talking-timetables" }],
      [
        "de000006-5eed-4d00-8000-000000000006",
        {
          text: "## Talking timetables\n\nA button on each stop's pole reads the next departures aloud; it runs on a solar panel and works offline.",
        },
      ],
    ],
  },
  {
    id: "5b100005-5eed-4b00-8000-000000000005",
    challengeId: CH.transit,
    owner: "mei",
    submitted: true,
    started: 25,
    entries: [
      ["de000005-5eed-4d00-8000-000000000005", { url: "https://example.org/stroller-friendly-stations" }],
      [
        "de000006-5eed-4d00-8000-000000000006",
        {
          text: "## Stroller-friendly stations\n\nPrinted station maps with step-free routes, lifts and baby-changing rooms, tested with twelve parents.",
        },
      ],
    ],
  },
  {
    id: "5b100006-5eed-4b00-8000-000000000006",
    challengeId: CH.schools,
    owner: "member",
    mate: "lina",
    submitted: true,
    started: 236,
    entries: [],
  },
  {
    id: "5b100007-5eed-4b00-8000-000000000007",
    challengeId: CH.schools,
    owner: "diego",
    mate: "tomas",
    submitted: true,
    started: 235,
    entries: [],
  },
  {
    id: "5b100008-5eed-4b00-8000-000000000008",
    challengeId: CH.schools,
    owner: "kofi",
    mate: "mei",
    submitted: true,
    started: 233,
    entries: [],
  },
] as const satisfies readonly {
  id: string;
  challengeId: string;
  owner: Username;
  mate?: Username;
  submitted: boolean;
  started: number;
  entries: readonly (readonly [string, { url: string } | { text: string }])[];
}[];

const COLLABORATORS = [
  [PR.lunchKits, "member", "Design lead", -230],
  [PR.rentRegistry, "diego", "Data analyst", -280],
  [PR.rentRegistry, "priya", "Privacy reviewer", -275],
] as const satisfies readonly (readonly [string, Username, string, number])[];

const SUBSCRIPTION = {
  id: "5b000001-5eed-4a00-8000-000000000001",
  user: "member" as Username,
  startDate: days(0),
  endDate: new Date("2027-11-01T00:00:00Z"),
};

// Who has bought what (README "Demo accounts"): `member` owns the annual plan (every premium resource) and a shop
// order on its way (a UPS shipment with its tracking link, as Printify reports one: /subscriptions shows it); `diego`
// has a shop order in production and a cancelled monthly resource; `amara` has bought nothing, so a newcomer can try
// a purchase as her. Two guests' shop orders show what an admin acts on: a tee Printify cancelled (Refund) and a mug
// Printify has a problem with (Mark handled).
const ORDERS: {
  id: string;
  user: Username | null;
  customerEmail: string;
  customerName: string;
  orderType: Prisma.OrderCreateInput["orderType"];
  status: Prisma.OrderCreateInput["status"];
  amount: string;
  stripePaymentId: string;
  createdAt: Date;
  merch?: MerchSlug;
  /** The variant's title in the demo product ("Black / M"). */
  variant?: string;
  resourceId?: string;
  shippingAddress?: string;
  trackingNumber?: string;
  /** Printify's shipments as orders/tracking.ts merges them; the latest one's URL is the order's trackingUrl. */
  shipments?: { carrier: string; number: string; url: string | null; deliveredAt: string | null }[];
  shippedAt?: Date;
  printifyOrderId?: string;
  /** What Printify said last, when it is not the demo store's "never sent" (orders/tracking.ts). */
  printifyStatus?: string;
  /** Printify cancelled it after payment (a refund is due) or has a problem with it (an alert until handled). */
  refundDue?: boolean;
  printifyAlert?: string;
}[] = [
  {
    id: "7f3c9a12-4b8e-4d21-9c6a-1e2f3a4b5c01",
    user: "member",
    customerEmail: "member@example.com",
    customerName: "Morgan Lee",
    orderType: "MERCHANDISE",
    status: "SHIPPED",
    amount: "24.00",
    stripePaymentId: "pi_demo_tee_black_m",
    createdAt: days(-14),
    merch: "tee",
    variant: "Black / M",
    printifyOrderId: "demo-order-1001",
    trackingNumber: "1Z999AA10123456784",
    shipments: [
      {
        carrier: "UPS",
        number: "1Z999AA10123456784",
        url: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
        deliveredAt: null,
      },
    ],
    shippedAt: new Date(days(-14).getTime() + 96 * 3_600_000), // the SHIPPED event below
    shippingAddress: "Morgan Lee, 12 Harbour Street, Apt 4, Portland, OR 97205, US",
  },
  {
    id: "2b8d4e67-91a3-4f5c-8e2d-3c4b5a6d7e02",
    user: "diego",
    customerEmail: "diego@example.com",
    customerName: "Diego Alvarez",
    orderType: "MERCHANDISE",
    status: "PROCESSING",
    amount: "48.00",
    stripePaymentId: "pi_demo_hoodie_charcoal_l",
    createdAt: days(-4),
    merch: "hoodie",
    variant: "Charcoal / L",
    printifyOrderId: "demo-order-1002",
    shippingAddress: "Diego Alvarez, 88 Calle Mayor, Austin, TX 78701, US",
  },
  {
    id: "c41e7f90-3d2b-4a8c-b5e6-7f8091a2b303",
    user: null,
    customerEmail: "guest.buyer@example.org",
    customerName: "Sam Guest",
    orderType: "MERCHANDISE",
    status: "PENDING",
    amount: "17.00",
    stripePaymentId: "pi_demo_mug_white_15oz",
    createdAt: days(-1),
    merch: "mug",
    variant: "White / 15oz",
    shippingAddress: "Sam Guest, 5 Elm Road, Springfield, IL 62701, US",
  },
  {
    id: "9a0b1c2d-5e6f-4a7b-8c9d-0e1f2a3b4c04",
    user: "member",
    customerEmail: "member@example.com",
    customerName: "Morgan Lee",
    orderType: "RESOURCE_ONETIME",
    status: "COMPLETED",
    amount: "29.00",
    stripePaymentId: "pi_demo_impact_kit_onetime",
    createdAt: days(-20),
    resourceId: "e0000002-5eed-4e00-8000-000000000002",
  },
  {
    id: "5d6e7f80-a1b2-4c3d-9e4f-5a6b7c8d9e05",
    user: "member",
    customerEmail: "member@example.com",
    customerName: "Morgan Lee",
    orderType: "ANNUAL_SUBSCRIPTION",
    status: "COMPLETED",
    amount: "99.00",
    stripePaymentId: "pi_demo_annual_member",
    createdAt: days(0),
  },
  {
    id: "e8f90a1b-c2d3-4e5f-a6b7-c8d9e0f1a206",
    user: "diego",
    customerEmail: "diego@example.com",
    customerName: "Diego Alvarez",
    orderType: "RESOURCE_MONTHLY",
    status: "CANCELLED",
    amount: "4.99",
    stripePaymentId: "pi_demo_grant_pack_monthly",
    createdAt: days(-9),
    resourceId: "e0000006-5eed-4e00-8000-000000000006",
  },
  {
    id: "4c5d6e7f-8091-4a2b-9c3d-4e5f6a7b8c07",
    user: null,
    customerEmail: "jo.guest@example.org",
    customerName: "Jo Guest",
    orderType: "MERCHANDISE",
    status: "CANCELLED",
    amount: "24.00",
    stripePaymentId: "pi_demo_tee_white_s_cancelled",
    createdAt: days(-6),
    merch: "tee",
    variant: "White / S",
    printifyOrderId: "demo-order-1003",
    printifyStatus: "canceled",
    refundDue: true,
    shippingAddress: "Jo Guest, 9 Mill Lane, Madison, WI 53703, US",
  },
  {
    id: "6e7f8091-a2b3-4c4d-8e5f-6a7b8c9d0e08",
    user: null,
    customerEmail: "kim.guest@example.org",
    customerName: "Kim Guest",
    orderType: "MERCHANDISE",
    status: "PROCESSING",
    amount: "17.00",
    stripePaymentId: "pi_demo_mug_white_issues",
    createdAt: days(-3),
    merch: "mug",
    variant: "White / 15oz",
    printifyOrderId: "demo-order-1004",
    printifyStatus: "had-issues",
    printifyAlert: "had-issues",
    shippingAddress: "Kim Guest, 1 Nowhere Road, Springfield, ZZ 00000, US",
  },
];

// The demo shop orders' timelines (on /admin/orders; decision 012): what fulfilment recorded, `hours` after the order
// was paid. The hoodie's first submission failed (Printify's reason kept) and went through on the automatic retry.
const ORDER_EVENTS: [orderId: string, kind: Prisma.OrderEventCreateManyInput["kind"], message: string | null, hours: number][] = [
  ["7f3c9a12-4b8e-4d21-9c6a-1e2f3a4b5c01", "PAID", "Paid by card", 0],
  ["7f3c9a12-4b8e-4d21-9c6a-1e2f3a4b5c01", "SUBMITTED", "Printify order demo-order-1001", 0.1],
  ["7f3c9a12-4b8e-4d21-9c6a-1e2f3a4b5c01", "IN_PRODUCTION", null, 20],
  ["7f3c9a12-4b8e-4d21-9c6a-1e2f3a4b5c01", "SHIPPED", "UPS 1Z999AA10123456784", 96],
  ["2b8d4e67-91a3-4f5c-8e2d-3c4b5a6d7e02", "PAID", "Paid by card", 0],
  ["2b8d4e67-91a3-4f5c-8e2d-3c4b5a6d7e02", "SUBMISSION_FAILED", "Printify: 503 Service Unavailable", 0.05],
  ["2b8d4e67-91a3-4f5c-8e2d-3c4b5a6d7e02", "SUBMITTED", "Printify order demo-order-1002", 0.5],
  ["2b8d4e67-91a3-4f5c-8e2d-3c4b5a6d7e02", "IN_PRODUCTION", null, 30],
  ["c41e7f90-3d2b-4a8c-b5e6-7f8091a2b303", "PAID", "Paid by card (guest checkout)", 0],
  ["4c5d6e7f-8091-4a2b-9c3d-4e5f6a7b8c07", "PAID", "Paid by card (guest checkout)", 0],
  ["4c5d6e7f-8091-4a2b-9c3d-4e5f6a7b8c07", "SUBMITTED", "Printify order demo-order-1003", 0.1],
  ["4c5d6e7f-8091-4a2b-9c3d-4e5f6a7b8c07", "CANCELLED", "Cancelled at Printify: refund due", 26],
  ["6e7f8091-a2b3-4c4d-8e5f-6a7b8c9d0e08", "PAID", "Paid by card (guest checkout)", 0],
  ["6e7f8091-a2b3-4c4d-8e5f-6a7b8c9d0e08", "SUBMITTED", "Printify order demo-order-1004", 0.1],
  ["6e7f8091-a2b3-4c4d-8e5f-6a7b8c9d0e08", "ALERT_RAISED", "Printify: had-issues", 5],
];

// ---------------------------------------------------------------------------------------------------- seeding
/**
 * Each demo resource's file: a small PDF under a private storage key named from the resource id, reached only
 * through the download route's signed links (docs/decisions/009) — never a guessable public path.
 */
async function storeDemoResourceFile(id: string, title: string): Promise<string> {
  const name = `${createHash("sha256").update(`demo-resource:${id}`).digest("hex").slice(0, 32)}.pdf`;
  const text = title.replace(/[()\\]/g, "");
  const pdf = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj\n4 0 obj << /Length ${text.length + 35} >> stream\nBT /F1 18 Tf 72 720 Td (${text}) Tj ET\nendstream endobj\n5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
  const store = storage();
  if (!(await store.get(`private/${name}`))) await store.put(`private/${name}`, new TextEncoder().encode(pdf), "application/pdf");
  return uploadedFileUrl(name, "private");
}

/**
 * The demo catalogue, upserted by (shop, Printify id) so a second seed refreshes it; answers each product's row id by
 * Printify id. Nothing when the database already holds a real (synced) catalogue.
 */
async function seedDemoCatalogue(
  tx: Prisma.TransactionClient,
): Promise<{ products: Map<string, string>; variants: Map<string, string> } | null> {
  if (await tx.merchandise.count({ where: { isDemo: false, printifyShopId: { notIn: [LEGACY_DEMO_SHOP] } } })) return null;
  // Earlier demo data used other rows: drop them (orders re-link below; their merchandiseId is set null meanwhile).
  await tx.merchandise.deleteMany({ where: { printifyShopId: LEGACY_DEMO_SHOP } });
  const products = new Map<string, string>();
  /** "<printify product id>/<variant title>" → variant row id. */
  const variantIds = new Map<string, string>();
  for (const product of DEMO_PRODUCTS) {
    const { merchandise, variants } = toMerchandise(product, DEMO_SHOP.id);
    const data = {
      ...merchandise,
      isDemo: true,
      options: merchandise.options as Prisma.InputJsonValue,
      images: merchandise.images as Prisma.InputJsonValue,
    };
    const key = { printifyShopId: merchandise.printifyShopId, printifyId: merchandise.printifyId };
    const row = await tx.merchandise.upsert({
      where: { printifyShopId_printifyId: key },
      create: data,
      update: data,
      select: { id: true },
    });
    products.set(product.id, row.id);
    for (const v of variants) {
      const variant = await tx.merchandiseVariant.upsert({
        where: { merchandiseId_providerVariantId: { merchandiseId: row.id, providerVariantId: v.providerVariantId } },
        create: { ...v, merchandiseId: row.id },
        update: v,
        select: { id: true },
      });
      variantIds.set(`${product.id}/${v.title}`, variant.id);
    }
  }
  return { products, variants: variantIds };
}

/**
 * `hashPassword`: the accounts' own hasher, given by the caller (api/src/cli/demo-seed.ts) so that the seed imports
 * no feature module.
 */
export async function seedDemoData(
  prisma: PrismaClient,
  hashPassword: (password: string) => Promise<string>,
  /** demoCatalogue: store the demo merchandise catalogue (default true; the caller says no with a token or in production). */
  options: { demoCatalogue?: boolean } = {},
): Promise<void> {
  const resourceFiles = new Map(
    await Promise.all(RESOURCES.map(async ([id, title]) => [id, await storeDemoResourceFile(id, title)] as const)),
  );
  // Users first, outside the transaction: hashing is slow, and existing users keep their password hash.
  const existing = await prisma.user.findMany({ where: { email: { in: USERS.map((u) => u.email) } }, select: { email: true } });
  const known = new Set(existing.map((u) => u.email));
  const hashes = new Map(
    await Promise.all(
      USERS.filter((u) => !known.has(u.email)).map(async (u) => [u.email, await hashPassword(u.password)] as const),
    ),
  );

  await prisma.$transaction(
    async (tx) => {
      const userIds = {} as Record<Username, string>;
      for (const { password: _password, ...u } of USERS) {
        const data = { ...u, toolAccess: [...u.toolAccess], emailVerified: true };
        const hash = hashes.get(u.email);
        const row = hash
          ? await tx.user.upsert({
              where: { email: u.email },
              create: { ...data, password: hash },
              update: data,
              select: { id: true },
            })
          : await tx.user.update({ where: { email: u.email }, data, select: { id: true } });
        userIds[u.username] = row.id;
      }

      for (const { id, ...c } of CHALLENGES) await tx.challenge.upsert({ where: { id }, create: { id, ...c }, update: c });
      for (const { id, ...p } of PROJECTS) await tx.project.upsert({ where: { id }, create: { id, ...p }, update: p });

      for (const [id, title, type, accessLevel, oneTimePrice, monthlyPrice, projectId, image, age, description] of RESOURCES) {
        const data = {
          title,
          description,
          type,
          accessLevel,
          oneTimePrice,
          monthlyPrice,
          projectId,
          createdAt: days(age),
          fileUrl: resourceFiles.get(id)!,
          imageUrl: img(image),
        };
        await tx.resource.upsert({ where: { id }, create: { id, ...data }, update: data });
      }

      const catalogue = (options.demoCatalogue ?? true) ? await seedDemoCatalogue(tx) : null;
      const names = Object.fromEntries(USERS.map((u) => [u.username, u]));
      for (const [challengeId, user, status, company, role, isEnterprise, ago] of APPLICATIONS) {
        const u = names[user]!;
        const data = {
          status,
          company,
          role,
          isEnterprise,
          joinedAt: days(-ago),
          // Decided applications were reviewed a day after they arrived.
          decidedAt: status === "PENDING" ? null : days(-ago + 1),
          applicantName: `${u.firstName} ${u.lastName}`,
          applicantEmail: u.email,
          interestDescription: `I would like to bring my experience as a ${role.toLowerCase()} to this challenge and learn from the community.`,
          enterpriseExplanation: isEnterprise ? null : "Joining as an individual; no company is sponsoring my participation.",
        };
        const userId = userIds[user];
        await tx.challengeParticipant.upsert({
          where: { challengeId_userId: { challengeId, userId } },
          create: { challengeId, userId, ...data },
          update: data,
        });
      }

      for (const [projectId, user, role, ago] of COLLABORATORS) {
        const userId = userIds[user];
        await tx.projectCollaborator.upsert({
          where: { projectId_userId: { projectId, userId } },
          create: { projectId, userId, role, joinedAt: days(ago) },
          update: { role, joinedAt: days(ago) },
        });
      }

      await seedDemoSubmissions(tx, userIds);

      const { id: subId, user: subUser, ...sub } = SUBSCRIPTION;
      const subData = { ...sub, userId: userIds[subUser], status: "ACTIVE" as const, plan: "ANNUAL" as const, resourceId: null };
      await tx.subscription.upsert({ where: { id: subId }, create: { id: subId, ...subData }, update: subData });

      for (const { id, user, merch, variant, ...o } of ORDERS) {
        const data = {
          ...o,
          userId: user ? userIds[user] : null,
          merchandiseId: merch ? (catalogue?.products.get(DEMO_MERCH[merch].id) ?? null) : null,
          merchandiseVariantId: merch ? (catalogue?.variants.get(`${DEMO_MERCH[merch].id}/${variant}`) ?? null) : null,
          printifyShopId: merch ? String(DEMO_SHOP.id) : null,
          resourceId: o.resourceId ?? null,
          printifyOrderId: o.printifyOrderId ?? null,
          // A store order the demo shop never sent: marked as the submission job marks it without a token, so the
          // admin's card says why it stays Pending.
          printifyStatus: o.printifyStatus ?? (merch && !o.printifyOrderId ? DEMO_PRINTIFY_STATUS : null),
          refundDue: o.refundDue ?? false,
          printifyAlert: o.printifyAlert ?? null,
          // A re-seed brings the demo back to its story: the refund not yet made.
          refundedAt: null,
          stripeRefundId: null,
          printifyVariantId: merch && variant ? String(DEMO_MERCH[merch].variants.find((v) => v.title === variant)!.id) : null,
          variantTitle: variant ?? null,
          shippingAddress: o.shippingAddress ?? null,
          trackingNumber: o.trackingNumber ?? null,
          shipments: o.shipments ?? [],
          trackingUrl: o.shipments?.at(-1)?.url ?? null,
          shippedAt: o.shippedAt ?? null,
        };
        await tx.order.upsert({ where: { id }, create: { id, ...data }, update: data });
      }

      for (const [n, [orderId, kind, message, hours]] of ORDER_EVENTS.entries()) {
        const id = `0e000000-5eed-4e00-8000-${String(n + 1).padStart(12, "0")}`;
        const paidAt = ORDERS.find((o) => o.id === orderId)!.createdAt;
        const data = { orderId, kind, message, createdAt: new Date(paidAt.getTime() + hours * 3_600_000) };
        await tx.orderEvent.upsert({ where: { id }, create: { id, ...data }, update: data });
      }
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
}

/**
 * The demo deliverables and the two teams (see DELIVERABLES above), by fixed ids: a re-seed brings them back to their
 * story — the demo people back on their demo teams, the entries as seeded, version 1 as handed in.
 */
async function seedDemoSubmissions(tx: Prisma.TransactionClient, userIds: Record<Username, string>) {
  for (const [id, challengeId, position, title, kind, required, due] of DELIVERABLES) {
    const data = {
      challengeId,
      position,
      title,
      kind,
      required,
      dueAt: days(due),
      guidance: DELIVERABLE_GUIDANCE[kind]!,
      // The contract's words (deliverables/schema.ts): a kind it does not know would refuse every upload.
      acceptedKinds: kind === "FILE" ? (["pdf"] satisfies FileKind[]) : [],
      maxBytes: kind === "FILE" ? 25 * 1024 * 1024 : null,
      hidden: false,
    };
    await tx.deliverable.upsert({ where: { id }, create: { id, ...data }, update: data });
  }
  for (const team of SUBMISSIONS) {
    const members = [
      [userIds[team.owner], "OWNER"] as const,
      ...("mate" in team ? [[userIds[team.mate], "MEMBER"] as const] : []),
    ];
    const submittedAt = team.submitted ? days(-team.started + 10) : null;
    const data = {
      challengeId: team.challengeId,
      status: team.submitted ? ("SUBMITTED" as const) : ("DRAFT" as const),
      version: team.submitted ? 1 : 0,
      submittedAt,
      extendedUntil: null,
      disqualifiedReason: null,
      createdAt: days(-team.started),
    };
    await tx.submission.upsert({ where: { id: team.id }, create: { id: team.id, ...data }, update: data });
    // One team per person and challenge: a demo person who moved to another team comes back to the demo one.
    await tx.teamMember.deleteMany({
      where: { challengeId: team.challengeId, userId: { in: members.map(([userId]) => userId) }, submissionId: { not: team.id } },
    });
    for (const [n, [userId, role]] of members.entries()) {
      const joinedAt = days(-team.started + n);
      await tx.teamMember.upsert({
        where: { submissionId_userId: { submissionId: team.id, userId } },
        create: { submissionId: team.id, challengeId: team.challengeId, userId, role, joinedAt },
        update: { role, joinedAt },
      });
    }
    await tx.submissionItem.deleteMany({
      where: { submissionId: team.id, deliverableId: { notIn: team.entries.map(([deliverableId]) => deliverableId) } },
    });
    for (const [deliverableId, value] of team.entries) {
      const entry = { url: null, text: null, ...value, revision: 1, updatedById: userIds[team.owner] };
      await tx.submissionItem.upsert({
        where: { submissionId_deliverableId: { submissionId: team.id, deliverableId } },
        create: { submissionId: team.id, deliverableId, ...entry },
        update: entry,
      });
    }
    await tx.submissionVersion.deleteMany({ where: { submissionId: team.id, number: { gt: team.submitted ? 1 : 0 } } });
    if (team.submitted) {
      const items = team.entries.map(([deliverableId, value]) => {
        const [, , , title, kind] = DELIVERABLES.find(([id]) => id === deliverableId)!;
        return { deliverableId, title, kind, ...value };
      });
      const version = { createdById: userIds[team.owner], createdAt: submittedAt!, items };
      await tx.submissionVersion.upsert({
        where: { submissionId_number: { submissionId: team.id, number: 1 } },
        create: { submissionId: team.id, number: 1, ...version },
        update: version,
      });
    }
  }
}
