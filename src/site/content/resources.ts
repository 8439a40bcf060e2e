/*
 * The resources section's five static articles. Their text is in English on purpose, though the
 * page around them is Bulgarian. Paragraphs are separated by a
 * blank line. The read time is computed from the text (200 words a minute, at least 1 minute).
 * Each is prerendered and listed in the sitemap at resourcePath(slug) (src/shared/config/addresses.ts);
 * the publisher learns the slugs from the server bundle (src/site/entry-server.tsx).
 */

export interface ResourceArticle {
  id: string;
  title: string;
  description: string;
  /** Publication day, 'YYYY-MM-DD'. */
  date: string;
  category: string;
  /** '4 min read' */
  readTime: string;
  slug: string;
  content: string;
}

type ArticleSource = Omit<ResourceArticle, 'readTime'>;

const SOURCES: ArticleSource[] = [
  {
    id: '1',
    slug: 'map-the-process-before-you-automate',
    title: 'Map the Process Before You Automate It',
    description: 'Why a one-page process map saves more time than any tool, and how to draw one in an afternoon.',
    date: '2026-10-06',
    category: 'Process Design',
    content: `Most automation projects that disappoint do not fail because of the tool. They fail because nobody wrote down what the process actually was before trying to speed it up. Automating a muddled process gives you a faster muddle.

Start with a single page. Write the trigger at the top: the event that starts the work, such as "an invoice arrives by e-mail" or "a customer books a viewing". Write the finished outcome at the bottom. Then fill in every step in between, in the order it really happens, not the order the handbook claims.

For each step, note three things: who does it, what information they need, and where that information lives. You will quickly see steps that exist only because data sits in the wrong place, like retyping a client's phone number from an e-mail into a spreadsheet and then into the CRM.

Mark the exceptions. Every process has them: the supplier who sends invoices as photos, the customer who books by phone. Count how often each exception happens in a normal month. An automation that handles the common path and routes the rare cases to a person is usually the best first version.

Finally, time the steps. A stopwatch and a week of honest notes are enough. These numbers become your baseline, and without a baseline you will never know whether the automation paid off.

With the map in hand, the automation almost designs itself: the repetitive, rule-based steps are the candidates, and the steps that need judgement stay with your team.`,
  },
  {
    id: '2',
    slug: 'choosing-your-first-automation',
    title: 'Choosing Your First Automation: A Simple Scoring Method',
    description: 'Score candidate tasks on frequency, effort, rules and risk to pick a first project that pays off quickly.',
    date: '2026-10-20',
    category: 'Strategy',
    content: `Once a team starts looking for tasks to automate, the list grows fast. Choosing the first one well matters more than choosing the perfect tool, because an early success builds the trust you need for the next project.

Give each candidate a score from one to five on four questions. How often does the task happen? How many minutes does it take each time? How clear are the rules, meaning could you explain them to a new colleague in ten minutes? And how bad is a mistake, where a lower risk earns a higher score?

Multiply frequency by effort to estimate the hours at stake, then use the rules and risk scores to decide whether it is a good first project. A daily task with clear rules and a cheap mistake, such as sorting incoming enquiries, beats a monthly task with fuzzy rules, such as approving discounts, even if the second one feels more important.

Be suspicious of tasks that score high only because they are annoying. Irritation is a real cost, but it is not the same as time. Ask the people who do the work to fill in the scores; they know where the hours really go.

Pick the top candidate and define what done looks like before anyone writes a line of code: the number of minutes you expect to save each week and the error rate you will accept. Write both numbers down and check them a month after launch.

Keep the rest of the list. It is your roadmap, and after the first project you will score it again with far better instincts.`,
  },
  {
    id: '3',
    slug: 'handling-errors-in-automated-workflows',
    title: 'Handling Errors in Automated Workflows',
    description: 'Retries, dead-letter queues and human hand-offs: how to keep an automation trustworthy when something goes wrong.',
    date: '2026-11-03',
    category: 'Reliability',
    content: `An automation that works on the happy path is a demo. An automation that tells you clearly when it could not do its job is a tool your team can rely on.

Separate temporary failures from permanent ones. A timeout from an e-mail server or a busy API is usually temporary, so retry a few times with a growing pause between attempts. A missing field or an invalid tax number is permanent; retrying it forever only hides the problem.

Never drop work silently. When an item cannot be processed, park it in a clearly named place, such as a review folder or a queue, together with the reason it failed. Someone should be able to fix the data and send it back through without asking a developer.

Make every step safe to run twice. If a workflow stops halfway and starts again, it should not create a second invoice or send a second reminder. Unique references, such as the original e-mail's id, make this easy to check.

Send alerts that people will actually read. One message per failure soon becomes noise that everyone ignores. A short daily summary of parked items, plus an immediate alert only when the automation stops entirely, works better for most small teams.

Finally, keep a simple log: what came in, what the automation decided, and what it did. When a customer asks why they received a message, you will have the answer in a minute instead of an afternoon.`,
  },
  {
    id: '4',
    slug: 'ai-assistants-in-customer-service',
    title: 'AI Assistants in Customer Service: Where They Help and Where They Do Not',
    description: 'A practical look at which customer questions an AI assistant should answer, and when it must hand over to a person.',
    date: '2026-11-10',
    category: 'AI',
    content: `AI assistants have become good at understanding what a customer is asking, in any wording and in several languages. That makes them excellent at the questions every business answers dozens of times a day: opening hours, prices, availability, directions, what to bring to a first appointment.

They are at their best when they can look things up instead of guessing. Connect the assistant to your real calendar, menu or price list, and give it a short document with your policies. An assistant that can say "the next free slot is Thursday at 10:00" is far more useful than one that can only say "please call us".

They need clear limits. Complaints, refunds, medical or legal questions and anything involving money should go to a person, with the conversation so far attached so the customer does not have to repeat themselves. Write these rules down before launch, not after the first awkward reply.

Be open about what the customer is talking to. People accept an assistant readily when it is honest, fast and hands over gracefully; they resent one that pretends to be human or traps them in a loop.

Review the conversations every week during the first month. You will find questions you did not expect, answers that need a better source, and moments where a hand-over came too late. Each review makes the assistant noticeably better.

Measure success in your team's time and your customers' waiting time, not in the number of conversations the assistant handled on its own.`,
  },
  {
    id: '5',
    slug: 'measuring-the-return-on-automation',
    title: 'Measuring the Return on Automation',
    description: 'A simple formula and a monthly routine to show what an automation really saves, in hours and in money.',
    date: '2026-11-17',
    category: 'Metrics',
    content: `Automation is easy to praise and hard to prove. A simple, repeatable measurement keeps the conversation honest and helps you decide what to automate next.

The core formula fits on a sticky note: time saved equals the time per task before, minus the time per task after, multiplied by how many times the task happens. Multiply the hours by a loaded hourly cost to get a monthly figure in money.

The time after is rarely zero. Someone still checks the items the automation parks for review, and someone maintains the workflow when a supplier changes their invoice layout. Count that time honestly; a claimed saving that ignores it will not survive the first skeptical question.

Track quality as well as speed. Count errors before and after: typos in client records, missed reminders, invoices entered twice. Fewer mistakes often matter more to customers than the hours saved.

Set up a monthly routine that takes fifteen minutes. Pull the task counts from the automation's log, note the review time, and compare both with the baseline you recorded before launch. Share the result with the team that does the work.

When the numbers flatten out, it is a signal to look at the next process on your list rather than to polish the current one. The goal is not a perfect single automation, but a steady habit of removing work nobody should have to do by hand.`,
  },
];

const WORDS_PER_MINUTE = 200;

function readTimeOf(text: string): string {
  const words = text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
  return `${Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))} min read`;
}

/** The five articles, in the order the sidebar lists them; the first is where /resources lands. */
export const resourceArticles: readonly ResourceArticle[] = SOURCES.map((source) => ({
  ...source,
  readTime: readTimeOf(source.content),
}));
