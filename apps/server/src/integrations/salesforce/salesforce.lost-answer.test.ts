import { describeOAuthLostAnswer } from "../../test-support/oauth-lost-answer";

// The fake makes the first create and answers after the time-out (docs/delivery.md,
// "Exactly once at the target"); the cases and the negative control are shared by the OAuth CRMs.
describeOAuthLostAnswer("salesforce", "Salesforce");
