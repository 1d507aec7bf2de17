/** The app's version as peers see it in JOIN and in discovery; kept equal to package.json's (tested). */
export const APP_VERSION = '0.1.0';
