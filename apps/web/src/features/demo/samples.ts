/**
 * The four sample buttons of the detector tab (spec §2): two written by people (a diary-style note and a forum
 * answer), two in the voice of a chat model. docs/web.md lists what the engine says about each.
 */
export interface SampleText {
  id: string;
  label: string;
  text: string;
}

export const SAMPLE_TEXTS: readonly SampleText[] = [
  {
    id: 'human-allotment',
    label: 'Allotment diary (human)',
    text: `Went down to the allotment after work, mostly to see if the slugs had finished off the lettuces. They had. Three rows, gone, just the stalks left standing like little green chimneys. Mr Okafor from plot 14 reckons it's beer traps or nothing, but I tried beer traps in June and all I caught was one very drunk beetle and a lot of wasps. Dug the last of the potatoes instead - Charlottes, a bit scabby but fine once peeled. Left half a bag on the bench by the gate with a note saying "help yourself", which is how I ended up with a marrow I definitely didn't ask for. Rain's due Thursday so I'll leave the beans. Need to fix the water butt before then; the tap drips and the whole thing's green inside. Home by eight, hands smelling of tomato leaves.`,
  },
  {
    id: 'human-bike',
    label: 'Forum reply (human)',
    text: `Had exactly this on my old Raleigh. The clicking only happened in the two biggest cogs, and only when I stood up on the pedals, so I spent a whole weekend chasing the derailleur. Wasn't the derailleur. Wasn't the chain either (replaced it anyway, because why not, it was due). Turned out to be the pedal threads - the left one had worked a tiny bit loose and creaked under load, and the sound travels through the frame so it seems to come from the back. Take both pedals off, clean the threads, bit of grease, do them up properly (left one is reverse thread, don't be me). If it still clicks after that, check the saddle rails and the quick release on the back wheel before you start buying parts. Mine's been silent for about 400 miles now. Good luck, these noises drive you mad.`,
  },
  {
    id: 'ai-remote-work',
    label: 'Remote work essay (chat model)',
    text: `In today's rapidly evolving professional landscape, remote work has emerged as a transformative force that is reshaping the way organizations operate. It is important to note that this shift offers numerous benefits for both employers and employees. Firstly, remote work provides enhanced flexibility, allowing individuals to achieve a healthier work-life balance. Furthermore, it enables companies to access a diverse and global talent pool, fostering innovation and creativity. Additionally, reduced commuting times contribute to improved well-being and a smaller environmental footprint. However, it is crucial to acknowledge that remote work also presents certain challenges, such as maintaining effective communication and fostering a strong company culture. By leveraging the right digital tools and implementing clear policies, organizations can navigate these challenges successfully. In conclusion, remote work represents a significant opportunity for businesses to thrive in the modern era, provided that they adopt a thoughtful and strategic approach.`,
  },
  {
    id: 'ai-time-management',
    label: 'Study tips (chat model)',
    text: `Effective time management is a crucial skill that can significantly enhance academic performance and overall well-being. Here are some key strategies to consider. First and foremost, it is essential to set clear and achievable goals, as this provides a sense of direction and purpose. Moreover, creating a structured schedule helps students allocate sufficient time to each task while avoiding last-minute stress. Additionally, prioritizing tasks based on their importance and urgency ensures that the most critical assignments receive the attention they deserve. It is also important to minimize distractions, such as social media and unnecessary notifications, in order to maintain focus and productivity. Furthermore, taking regular breaks can help prevent burnout and improve concentration. Ultimately, by implementing these strategies consistently, students can develop a balanced and productive routine that supports both their academic success and personal growth.`,
  },
];
